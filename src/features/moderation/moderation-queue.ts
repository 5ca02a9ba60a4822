/**
 * The moderation queue as pure logic (no React, no supabase): open reports grouped by what they
 * are about (one card per post, comment or member, with every reason: the report count), and the
 * queue's state with the admin's decisions taking cards away.
 */

/** All open reports about one post, comment or member. */
export type ReportGroup = {
  key: string;
  kind: 'post' | 'comment' | 'member';
  targetId: string;
  /** Any report of the group: moderate_report closes all of them. */
  reportId: string;
  title: string;
  text: string;
  reasons: { reporter: string; reason: string }[];
};

/** One open report as read (oldest first), with what it is about. */
export type ReportRow = {
  id: string;
  reason: string;
  post_id: string | null;
  comment_id: string | null;
  member_id: string | null;
  reporter: { display_name: string | null } | null;
  post: { title: string; content: string } | null;
  comment: { content: string } | null;
  member: { display_name: string | null } | null;
};

/** Reports grouped by target, in the order their first report came in. */
export function groupReports(rows: ReportRow[], unknownName: string): ReportGroup[] {
  const groups = new Map<string, ReportGroup>();
  for (const row of rows) {
    const kind = row.post_id ? 'post' : row.comment_id ? 'comment' : 'member';
    const targetId = (row.post_id ?? row.comment_id ?? row.member_id) as string;
    const key = `${kind}:${targetId}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        kind,
        targetId,
        reportId: row.id,
        title: row.post?.title ?? (kind === 'member' ? row.member?.display_name || unknownName : ''),
        text: row.post?.content ?? row.comment?.content ?? '',
        reasons: [],
      };
      groups.set(key, group);
    }
    group.reasons.push({ reporter: row.reporter?.display_name || unknownName, reason: row.reason });
  }
  return [...groups.values()];
}

/** Whether a card says its content is hidden: posts and comments hide from their second report. */
export const isHidden = (group: ReportGroup) => group.kind !== 'member' && group.reasons.length >= 2;

export type QueueState = { groups: ReportGroup[] | null; failed: boolean };
export type QueueAction =
  | { type: 'loading' }
  | { type: 'loaded'; groups: ReportGroup[] }
  | { type: 'failed' }
  /** Kept or removed: every report of the card is closed, so the card goes. */
  | { type: 'decided'; key: string };

export const initialQueue: QueueState = { groups: null, failed: false };

export function queueReducer(state: QueueState, action: QueueAction): QueueState {
  switch (action.type) {
    case 'loading':
      return { ...state, failed: false };
    case 'loaded':
      return { groups: action.groups, failed: false };
    case 'failed':
      return { ...state, failed: true };
    case 'decided':
      return { ...state, groups: state.groups?.filter((g) => g.key !== action.key) ?? null };
  }
}
