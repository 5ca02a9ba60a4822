import { fetchJson } from '~/lib/http/fetch-json.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { asComment, type Comment } from './thread-state.ts';

/**
 * The conversation's queries (components call these, never db.from()/rpc()): signed in through
 * PostgREST under RLS, on the review link through /api/timeline-alchemy/review.
 */
const COLUMNS =
  'id, preview_id, revision, author_kind, author_id, author_name, body, created_at, edited_at, resolved_at, history_id';

const comments = (rows: unknown): Comment[] =>
  (Array.isArray(rows) ? rows : []).flatMap((r) => {
    const c = asComment(r as Record<string, unknown>);
    return c ? [c] : [];
  });

function must<T>(answer: { data: T | null; error: unknown }): T {
  if (answer.error) throw answer.error;
  return answer.data as T;
}

/** The threads of these previews (RLS: an admin's any, a client's own), oldest first. */
export async function fetchComments(
  db: TypedSupabaseClient,
  previewIds: readonly string[],
): Promise<Comment[]> {
  if (previewIds.length === 0) return [];
  const answer = await db
    .from('preview_comments')
    .select(COLUMNS)
    .in('preview_id', [...previewIds])
    .order('created_at')
    .order('id');
  return comments(must(answer));
}

export async function addComment(db: TypedSupabaseClient, previewId: string, body: string): Promise<Comment> {
  const row = asComment(must(await db.rpc('add_preview_comment', { preview_id: previewId, body })));
  if (!row) throw new Error('unexpected answer');
  return row;
}

/** The author corrects their own comment (the database allows only that; it marks it edited). */
export async function editComment(db: TypedSupabaseClient, id: string, body: string): Promise<Comment> {
  const row = asComment(must(await db.rpc('edit_preview_comment', { comment_id: id, body })));
  if (!row) throw new Error('unexpected answer');
  return row;
}

export async function setResolved(db: TypedSupabaseClient, id: string, resolved: boolean): Promise<Comment> {
  const row = asComment(must(await db.rpc('set_preview_comment_resolved', { comment_id: id, resolved })));
  if (!row) throw new Error('unexpected answer');
  return row;
}

const ENDPOINT = '/api/timeline-alchemy/review';

/** The threads of a review link's previews. */
export async function fetchLinkComments(token: string): Promise<Comment[]> {
  const answer = await fetchJson<unknown>(ENDPOINT, { body: { action: 'comments', token } });
  // fetchJson's failed answer is what errorText() translates (by code, then status).
  if (!answer.ok) throw answer;
  return comments(answer.data);
}

/** A review-link visitor's comment under the name they gave. */
export async function addLinkComment(
  token: string,
  previewId: string,
  name: string,
  body: string,
): Promise<Comment> {
  const answer = await fetchJson<Record<string, unknown>>(ENDPOINT, {
    body: { action: 'comment', token, previewId, name, body },
  });
  if (!answer.ok) throw answer;
  const row = asComment(answer.data);
  if (!row) throw { ok: false, status: 200, code: 'bad_response' };
  return row;
}
