import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';

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

type Row = {
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

/** Open reports, oldest first, grouped by what they are about (admins only; RLS says so). */
export async function fetchOpenReports(db: TypedSupabaseClient, unknownName: string): Promise<ReportGroup[]> {
  const { data, error } = await db
    .from('reports')
    .select(
      'id, reason, post_id, comment_id, member_id, reporter:profiles!reports_reporter_id_fkey(display_name), post:posts(title, content), comment:comments(content), member:profiles!reports_member_id_fkey(display_name)',
    )
    .eq('status', 'open')
    .order('created_at', { ascending: true })
    .limit(500);
  if (error) throw error;
  const groups = new Map<string, ReportGroup>();
  for (const row of data as unknown as Row[]) {
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

export async function moderate(db: TypedSupabaseClient, reportId: string, decision: 'keep' | 'remove') {
  const { error } = await db.rpc('moderate_report', { report_id: reportId, decision });
  if (error) throw error;
}
