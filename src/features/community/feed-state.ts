import type { FeedComment, FeedPost } from './feed-data.ts';

/**
 * The feed's state and every way it changes, as one pure reducer (no React, no supabase): the
 * hook only fetches and dispatches. Rules that hold for every action:
 * - posts are newest first (created_at, then id), comments of a post oldest first;
 * - one entry per id: an optimistic copy and its live echo, or a page and a catch-up, show once;
 * - a deleted id is remembered (`gone`), so an insert that arrives after its delete stays out;
 * - a post's comment list is absent until its comments were read (the first screen shows the posts
 *   before their comments); once read, the post's comment count is the number of distinct comments
 *   in its list, so a re-read post whose count already includes a comment still arriving live
 *   counts that comment once (`withCounts`).
 */
type LiveStatus = 'connecting' | 'live' | 'lost' | 'recovered';
export type FeedState = {
  status: 'loading' | 'ready' | 'error';
  posts: FeedPost[];
  /** Others' new posts, waiting behind the "new posts" button (no jump while reading). */
  pending: FeedPost[];
  /** Per shown post, its comments once read (absent: not read yet). */
  comments: Record<string, FeedComment[]>;
  hasMore: boolean;
  live: LiveStatus;
  gone: ReadonlySet<string>;
};
export type FeedAction =
  | { type: 'loading' }
  | { type: 'failed' }
  /** Without `comments`, the posts show first and their comments follow (`commentsLoaded`). */
  | { type: 'loaded'; posts: FeedPost[]; comments?: FeedComment[]; hasMore: boolean }
  | { type: 'pageLoaded'; posts: FeedPost[]; comments?: FeedComment[]; hasMore: boolean }
  /** Shown posts read again: `ids` asked, `fresh` found (the others are gone or hidden). */
  | { type: 'postsRefreshed'; ids: string[]; fresh: FeedPost[] }
  | { type: 'postArrived'; post: FeedPost }
  | { type: 'postAdded'; post: FeedPost }
  | { type: 'postRemoved'; id: string }
  | { type: 'pendingShown' }
  | { type: 'liked'; id: string; liked: boolean }
  | { type: 'commentArrived'; comment: FeedComment }
  | { type: 'commentRemoved'; id: string }
  | { type: 'commentsLoaded'; postIds: string[]; comments: FeedComment[] }
  | { type: 'channel'; state: 'live' | 'lost' };

export const initialFeed: FeedState = {
  status: 'loading',
  posts: [],
  pending: [],
  comments: {},
  hasMore: false,
  live: 'connecting',
  gone: new Set(),
};

const newestFirst = (a: FeedPost, b: FeedPost) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

/** `list` with `incoming` added or replacing by id, newest first, without deleted ids. */
export function mergePosts(list: FeedPost[], incoming: FeedPost[], gone: ReadonlySet<string>): FeedPost[] {
  const byId = new Map(list.map((p) => [p.id, p]));
  for (const p of incoming) byId.set(p.id, p);
  return [...byId.values()].filter((p) => !gone.has(p.id)).sort(newestFirst);
}

/** Adds comments to the per-post lists, oldest first, never twice, never a deleted one. */
export function mergeComments(
  lists: Record<string, FeedComment[]>,
  added: FeedComment[],
  gone: ReadonlySet<string> = new Set(),
): Record<string, FeedComment[]> {
  const next = { ...lists };
  for (const c of added) {
    const list = next[c.postId] ?? [];
    if (gone.has(c.id) || list.some((o) => o.id === c.id)) continue;
    next[c.postId] = [...list, c].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }
  return next;
}

/** The comment lists of `postIds` replaced by `comments` (what the server has for them now). */
function replaceComments(state: FeedState, postIds: string[], comments: FeedComment[]) {
  const cleared = { ...state.comments };
  for (const id of postIds) if (!state.gone.has(id)) cleared[id] = [];
  return mergeComments(cleared, comments, state.gone);
}

/**
 * Each post whose comments were read counts the distinct comments of its list (the same rows, under
 * the same RLS, as the server's count); the others keep the server's count.
 */
function withCounts(state: FeedState): FeedState {
  let changed = false;
  const posts = state.posts.map((p) => {
    const list = state.comments[p.id];
    if (!list || list.length === p.commentCount) return p;
    changed = true;
    return { ...p, commentCount: list.length };
  });
  return changed ? { ...state, posts } : state;
}

/** Shown posts replaced by their fresh copies; those asked for but not found are gone or hidden. */
function refreshed(posts: FeedPost[], ids: string[], fresh: FeedPost[]): FeedPost[] {
  const byId = new Map(fresh.map((p) => [p.id, p]));
  return posts.flatMap((p) =>
    byId.has(p.id) ? [byId.get(p.id) as FeedPost] : ids.includes(p.id) ? [] : [p],
  );
}

function forget(state: FeedState, id: string): FeedState {
  const gone = new Set(state.gone).add(id);
  const { [id]: _comments, ...comments } = state.comments;
  const postId = Object.keys(state.comments).find((key) => state.comments[key]?.some((c) => c.id === id));
  const next = { ...state, gone, comments };
  if (postId)
    next.comments = { ...comments, [postId]: (state.comments[postId] ?? []).filter((c) => c.id !== id) };
  next.posts = next.posts.filter((p) => p.id !== id);
  next.pending = state.pending.filter((p) => p.id !== id);
  return next;
}

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  const next = reduce(state, action);
  return next === state ? state : withCounts(next);
}

function reduce(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case 'loading':
      return { ...state, status: 'loading' };
    case 'failed':
      return { ...state, status: 'error' };
    case 'loaded':
      return reduce(
        { ...state, status: 'ready', posts: [], comments: {} },
        { ...action, type: 'pageLoaded' },
      );
    case 'pageLoaded': {
      const ids = action.posts.map((p) => p.id);
      return {
        ...state,
        posts: mergePosts(state.posts, action.posts, state.gone),
        hasMore: action.hasMore,
        comments: action.comments ? replaceComments(state, ids, action.comments) : state.comments,
      };
    }
    case 'postsRefreshed':
      return {
        ...state,
        posts: refreshed(state.posts, action.ids, action.fresh),
        pending: refreshed(state.pending, action.ids, action.fresh),
      };
    case 'postArrived':
      if (state.posts.some((p) => p.id === action.post.id))
        return { ...state, posts: mergePosts(state.posts, [action.post], state.gone) };
      return { ...state, pending: mergePosts(state.pending, [action.post], state.gone) };
    case 'postAdded':
      return {
        ...state,
        posts: mergePosts(state.posts, [action.post], state.gone),
        pending: state.pending.filter((p) => p.id !== action.post.id),
        comments: { [action.post.id]: [], ...state.comments },
      };
    case 'postRemoved':
    case 'commentRemoved':
      return forget(state, action.id);
    case 'pendingShown':
      // Their comments are read next (`commentsLoaded`); until then the server's counts show.
      return { ...state, posts: mergePosts(state.posts, state.pending, state.gone), pending: [] };
    case 'liked':
      return {
        ...state,
        posts: state.posts.map((p) =>
          p.id === action.id && p.likedByMe !== action.liked
            ? { ...p, likedByMe: action.liked, likeCount: Math.max(0, p.likeCount + (action.liked ? 1 : -1)) }
            : p,
        ),
      };
    case 'commentArrived': {
      const { comment } = action;
      // A post whose comments are not read yet gets it with them (the read is under way).
      const list = state.comments[comment.postId];
      const shown = state.posts.some((p) => p.id === comment.postId);
      if (!shown || !list || state.gone.has(comment.id) || list.some((c) => c.id === comment.id))
        return state;
      return { ...state, comments: mergeComments(state.comments, [comment]) };
    }
    case 'commentsLoaded':
      return { ...state, comments: replaceComments(state, action.postIds, action.comments) };
    case 'channel':
      return {
        ...state,
        live: action.state === 'lost' ? 'lost' : state.live === 'lost' ? 'recovered' : 'live',
      };
  }
}
