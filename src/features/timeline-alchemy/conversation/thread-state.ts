/**
 * The conversations of the previews on screen, as a pure reducer (the live helper's rule: hooks
 * hold their state here and dispatch what `openLive` reports). One list for every preview shown,
 * so a page opens one channel, not one per card.
 */
type AuthorKind = 'admin' | 'client' | 'link';
export type Comment = {
  id: string;
  preview_id: string;
  revision: number;
  author_kind: AuthorKind;
  /** The member who wrote it (signed in only; never sent to a review-link visitor). */
  author_id?: string | null;
  author_name: string | null;
  body: string;
  created_at: string;
  edited_at: string | null;
  resolved_at: string | null;
  /** Set when the entry is a change request (preview_history); absent on the review link. */
  history_id?: number | null;
};

export type ThreadsState = { status: 'loading' | 'ready' | 'error'; comments: Comment[] };
export const initialThreads: ThreadsState = { status: 'loading', comments: [] };

export type ThreadsAction =
  | { type: 'loaded'; comments: Comment[] }
  | { type: 'upsert'; comment: Comment }
  | { type: 'failed' };

const byTime = (a: Comment, b: Comment) =>
  a.created_at === b.created_at ? a.id.localeCompare(b.id) : a.created_at < b.created_at ? -1 : 1;

export function threadsReducer(state: ThreadsState, action: ThreadsAction): ThreadsState {
  switch (action.type) {
    case 'loaded':
      return { status: 'ready', comments: [...action.comments].sort(byTime) };
    case 'upsert': {
      const rest = state.comments.filter((c) => c.id !== action.comment.id);
      return { ...state, comments: [...rest, action.comment].sort(byTime) };
    }
    case 'failed':
      // A failed catch-up keeps what is on screen; only a first read that failed shows the error.
      return state.status === 'ready' ? state : { ...state, status: 'error' };
  }
}

/** A row from realtime or an RPC answer as a Comment, or null when it is not one. */
export function asComment(row: Record<string, unknown>): Comment | null {
  const { id, preview_id, revision, author_kind, body, created_at } = row;
  if (typeof id !== 'string' || typeof preview_id !== 'string' || typeof body !== 'string') return null;
  if (typeof revision !== 'number' || typeof created_at !== 'string') return null;
  if (author_kind !== 'admin' && author_kind !== 'client' && author_kind !== 'link') return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id,
    preview_id,
    revision,
    author_kind,
    author_id: text(row['author_id']),
    author_name: text(row['author_name']),
    body,
    created_at,
    edited_at: text(row['edited_at']),
    resolved_at: text(row['resolved_at']),
    history_id: typeof row['history_id'] === 'number' ? row['history_id'] : null,
  };
}

export type RevisionGroup = { revision: number; current: boolean; comments: Comment[] };

/** One preview's thread, by revision, oldest first; the current revision is always there (last). */
export function groupByRevision(comments: Comment[], previewId: string, current: number): RevisionGroup[] {
  const groups = new Map<number, Comment[]>();
  for (const c of comments) {
    if (c.preview_id !== previewId) continue;
    const list = groups.get(c.revision) ?? [];
    list.push(c);
    groups.set(c.revision, list);
  }
  if (!groups.has(current)) groups.set(current, []);
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([revision, list]) => ({ revision, current: revision === current, comments: list }));
}

/** How many comments of a preview are not resolved (the count on its card). */
export const openCount = (comments: Comment[], previewId: string) =>
  comments.filter((c) => c.preview_id === previewId && c.resolved_at === null).length;

/** Whether this person may edit the comment: their own, and not a change request's entry. */
export const canEdit = (c: Comment, me: string | null | undefined): boolean =>
  Boolean(me) && c.author_id === me && !c.history_id;
