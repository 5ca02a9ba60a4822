import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { type RestRead, readWith } from '~/lib/supabase/early.ts';

/** A post as the feed shows it: plain fields, counts, and whether the viewer liked it. */
export type FeedPost = {
  id: string;
  title: string;
  content: string;
  imageUrl: string | null;
  createdAt: string;
  userId: string;
  authorName: string;
  authorAvatar: string | null;
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  /** Hidden from others after reports (only its author and admins still read it). */
  hidden: boolean;
};
export type FeedComment = {
  id: string;
  postId: string;
  userId: string;
  content: string;
  createdAt: string;
  authorName: string;
  authorAvatar: string | null;
  /** Hidden from others after reports (only its author and admins still read it). */
  hidden: boolean;
};
/** Keyset cursor: the (created_at, id) of the last post shown. */
export type Cursor = { createdAt: string; id: string };

export const PAGE_SIZE = 20;

const POST_COLUMNS =
  'id, title, content, image_url, created_at, user_id, author:profiles(display_name, avatar_url), likes(count), comments(count), mine:likes(user_id), hidden_content(id)';

type Count = { count: number }[] | null;
type PostRow = {
  id: string;
  title: string;
  content: string;
  image_url: string | null;
  created_at: string;
  user_id: string;
  author: { display_name: string | null; avatar_url: string | null } | null;
  likes: Count;
  comments: Count;
  mine: { user_id: string }[] | null;
  hidden_content: HiddenMark;
};

/** PostgREST embeds the one-to-one mark as an object (or null); older versions as a list. */
type HiddenMark = { id: string } | { id: string }[] | null | undefined;
const isHidden = (mark: HiddenMark) => (Array.isArray(mark) ? mark.length > 0 : Boolean(mark));

export function toFeedPost(row: PostRow, unknownName: string): FeedPost {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    imageUrl: row.image_url,
    createdAt: row.created_at,
    userId: row.user_id,
    authorName: row.author?.display_name || unknownName,
    authorAvatar: row.author?.avatar_url ?? null,
    likeCount: row.likes?.[0]?.count ?? 0,
    commentCount: row.comments?.[0]?.count ?? 0,
    likedByMe: (row.mine?.length ?? 0) > 0,
    hidden: isHidden(row.hidden_content),
  };
}

/** The PostgREST `or` filter for "older than the cursor" on (created_at desc, id desc). */
export function olderThan(cursor: Cursor): string {
  return `created_at.lt."${cursor.createdAt}",and(created_at.eq."${cursor.createdAt}",id.lt.${cursor.id})`;
}

/** The PostgREST `or` filter for "newer than" a post (what a reconnect may have missed). */
function newerThan(cursor: Cursor): string {
  return `created_at.gt."${cursor.createdAt}",and(created_at.eq."${cursor.createdAt}",id.gt.${cursor.id})`;
}

/**
 * The feed's first page, newest first (one author's with `authorId`, as /user/{id} shows it): the
 * page's inline script starts it before React and the data client load (community-page.ts,
 * user-page.ts, src/lib/supabase/early.ts) and `fetchFirstPage` reads it.
 */
export const feedFirstRead = (me: string, authorId?: string): RestRead => ({
  path: `posts?${new URLSearchParams({
    select: POST_COLUMNS.replaceAll(' ', ''),
    'mine.user_id': `eq.${me}`,
    ...(authorId ? { user_id: `eq.${authorId}` } : {}),
    order: 'created_at.desc,id.desc',
    limit: String(PAGE_SIZE),
  })}`,
});

/** The first page of the feed, or of one author's posts (the early answer when the page started it). */
export async function fetchFirstPage(
  db: TypedSupabaseClient,
  me: string,
  unknownName: string,
  authorId?: string,
): Promise<FeedPost[]> {
  const rows = await readWith<PostRow[]>(db, feedFirstRead(me, authorId));
  return rows.map((row) => toFeedPost(row, unknownName));
}

type PostQuery = {
  me: string;
  unknownName: string;
  before?: Cursor | null;
  after?: Cursor | null;
  /** Down to and including this post (for a deep link below the first page). */
  atLeast?: Cursor | null;
  ids?: string[];
  authorId?: string;
  limit?: number;
};

/** A page of posts newest first, keyset-paginated; or specific posts by id; or one author's. */
export async function fetchPosts(db: TypedSupabaseClient, q: PostQuery): Promise<FeedPost[]> {
  let query = db.from('posts').select(POST_COLUMNS).eq('mine.user_id', q.me);
  // The plain bound gives the (created_at desc, id desc) index a range to start from; the `or`
  // then only breaks ties on created_at (a row comparison PostgREST cannot express).
  if (q.before) query = query.lte('created_at', q.before.createdAt).or(olderThan(q.before));
  if (q.after) query = query.gte('created_at', q.after.createdAt).or(newerThan(q.after));
  if (q.atLeast)
    query = query.or(
      `created_at.gt."${q.atLeast.createdAt}",and(created_at.eq."${q.atLeast.createdAt}",id.gte.${q.atLeast.id})`,
    );
  if (q.ids) query = query.in('id', q.ids);
  if (q.authorId) query = query.eq('user_id', q.authorId);
  query = query.order('created_at', { ascending: false }).order('id', { ascending: false });
  if (q.limit) query = query.limit(q.limit);
  const { data, error } = await query;
  if (error) throw error;
  return (data as unknown as PostRow[]).map((row) => toFeedPost(row, q.unknownName));
}

type CommentRow = {
  id: string;
  post_id: string;
  user_id: string;
  content: string;
  created_at: string;
  author: { display_name: string | null; avatar_url: string | null } | null;
  hidden_content: HiddenMark;
};
const COMMENT_COLUMNS =
  'id, post_id, user_id, content, created_at, author:profiles(display_name, avatar_url), hidden_content(id)';

function toComment(row: CommentRow, unknownName: string): FeedComment {
  return {
    id: row.id,
    postId: row.post_id,
    userId: row.user_id,
    content: row.content,
    createdAt: row.created_at,
    authorName: row.author?.display_name || unknownName,
    authorAvatar: row.author?.avatar_url ?? null,
    hidden: isHidden(row.hidden_content),
  };
}

/** Comments of some posts (or some comments by id), oldest first. */
export async function fetchComments(
  db: TypedSupabaseClient,
  filter: { postIds?: string[]; ids?: string[] },
  unknownName: string,
): Promise<FeedComment[]> {
  let query = db.from('comments').select(COMMENT_COLUMNS);
  if (filter.postIds) query = query.in('post_id', filter.postIds);
  if (filter.ids) query = query.in('id', filter.ids);
  const { data, error } = await query.order('created_at', { ascending: true });
  if (error) throw error;
  return (data as unknown as CommentRow[]).map((row) => toComment(row, unknownName));
}

export async function deletePost(db: TypedSupabaseClient, id: string): Promise<void> {
  const { data, error } = await db.from('posts').delete().eq('id', id).select('id');
  if (error) throw error;
  if (!data?.length) throw Object.assign(new Error('not deleted'), { code: '42501' });
}

export async function setLike(db: TypedSupabaseClient, postId: string, userId: string, like: boolean) {
  const { error } = like
    ? await db.from('likes').insert({ post_id: postId, user_id: userId })
    : await db.from('likes').delete().eq('post_id', postId).eq('user_id', userId);
  // A second like from another tab hits the unique constraint: the state wanted is reached.
  if (error && error.code !== '23505') throw error;
}

export async function addComment(
  db: TypedSupabaseClient,
  c: { postId: string; userId: string; content: string },
  unknownName: string,
): Promise<FeedComment> {
  const { data, error } = await db
    .from('comments')
    .insert({ post_id: c.postId, user_id: c.userId, content: c.content })
    .select(COMMENT_COLUMNS)
    .single();
  if (error) throw error;
  return toComment(data as unknown as CommentRow, unknownName);
}

export async function deleteComment(db: TypedSupabaseClient, id: string): Promise<void> {
  const { data, error } = await db.from('comments').delete().eq('id', id).select('id');
  if (error) throw error;
  if (!data?.length) throw Object.assign(new Error('not deleted'), { code: '42501' });
}
