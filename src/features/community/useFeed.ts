import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { type LiveHandle, type RowChange, startLive } from '~/lib/supabase/live-refresh.ts';
import {
  type Cursor,
  deleteComment as deleteCommentRow,
  deletePost as deletePostRow,
  type FeedComment,
  type FeedPost,
  fetchComments,
  fetchPosts,
  PAGE_SIZE,
} from './feed-data.ts';
import { type FeedAction, feedReducer, initialFeed } from './feed-state.ts';

export type { LiveStatus } from './feed-state.ts';

type PostQuery = Parameters<typeof fetchPosts>[1];
const cursorOf = (post: FeedPost): Cursor => ({ createdAt: post.createdAt, id: post.id });
const TABLES = ['posts', 'comments', 'likes', 'hidden_content'].map((table) => ({ table }));

/**
 * The feed's data: keyset pages, comments of the shown posts, kept live through the one live
 * helper (`startLive`: posts, comments, likes and the marks of content hidden by reports). The
 * state and its rules are `feedReducer`; this hook fetches and dispatches. New posts from others
 * wait in `pending`; after a lost connection the catch-up reconciles what was missed.
 */
export function useFeed(db: TypedSupabaseClient, me: string, unknownName: string, anchorId: string | null) {
  const [state, dispatch] = useReducer(feedReducer, initialFeed);
  const [loadingMore, setLoadingMore] = useState(false);
  const current = useRef(state);
  current.current = state;
  const live = useRef<LiveHandle | null>(null);

  const posts = useCallback(
    (q: Omit<PostQuery, 'me' | 'unknownName'>) => fetchPosts(db, { me, unknownName, ...q }),
    [db, me, unknownName],
  );
  const commentsOf = useCallback(
    async (postIds: string[]) => (postIds.length ? fetchComments(db, { postIds }, unknownName) : []),
    [db, unknownName],
  );

  useEffect(() => {
    dispatch({ type: 'loading' });
    const shownIds = () => [...current.current.posts, ...current.current.pending].map((p) => p.id);

    const loadFirst = async (): Promise<FeedAction> => {
      let page = await posts({ limit: PAGE_SIZE });
      let hasMore = page.length === PAGE_SIZE;
      // A deep link to an older post loads the feed down to it, so it can be shown in place.
      if (anchorId && !page.some((p) => p.id === anchorId)) {
        const [target] = await posts({ ids: [anchorId] });
        if (target) {
          page = await posts({ atLeast: cursorOf(target), limit: 1000 });
          hasMore = true;
        }
      }
      const comments = await commentsOf(page.map((p) => p.id));
      return { type: 'loaded', posts: page, comments, hasMore };
    };
    // After a reconnect: posts newer than the newest seen wait behind the button; what is shown
    // is read again (counts; a deleted or hidden post disappears), and its comments too.
    const catchUp = async (): Promise<FeedAction> => {
      const { posts: shown, pending } = current.current;
      const newest = pending[0] ?? shown[0];
      const missed = newest ? (await posts({ after: cursorOf(newest) })).filter((p) => p.userId !== me) : [];
      const ids = shownIds();
      const fresh = ids.length ? await posts({ ids }) : [];
      const comments = await commentsOf(shown.map((p) => p.id));
      return { type: 'caughtUp', ids, fresh, missed, comments };
    };
    const refreshShown = async () => {
      const ids = shownIds();
      if (ids.length) dispatch({ type: 'postsRefreshed', ids, fresh: await posts({ ids }) });
    };
    // Content hidden by reports: asked again through RLS, so its author and admins keep it.
    const dropIfHidden = async (mark: Record<string, unknown>) => {
      const postId = typeof mark['post_id'] === 'string' ? mark['post_id'] : null;
      const commentId = typeof mark['comment_id'] === 'string' ? mark['comment_id'] : null;
      if (postId && shownIds().includes(postId) && (await posts({ ids: [postId] })).length === 0)
        dispatch({ type: 'postRemoved', id: postId });
      const comments = Object.values(current.current.comments).flat();
      if (
        commentId &&
        comments.some((c) => c.id === commentId) &&
        (await fetchComments(db, { ids: [commentId] }, unknownName)).length === 0
      )
        dispatch({ type: 'commentRemoved', id: commentId });
    };
    const onChange = async ({ table, type, record, old }: RowChange) => {
      const id = String(record['id'] ?? old['id'] ?? '');
      if (type === 'DELETE' && table === 'posts') dispatch({ type: 'postRemoved', id });
      else if (type === 'DELETE' && table === 'comments') dispatch({ type: 'commentRemoved', id });
      else if (table === 'posts' && type === 'INSERT') {
        if (record['user_id'] === me || shownIds().includes(id)) return;
        const [post] = await posts({ ids: [id] });
        if (post) dispatch({ type: 'postArrived', post });
      } else if (table === 'comments' && type === 'INSERT') {
        if (!current.current.posts.some((p) => p.id === record['post_id'])) return;
        const [comment] = await fetchComments(db, { ids: [id] }, unknownName);
        if (comment) dispatch({ type: 'commentArrived', comment });
      } else if (table === 'hidden_content') {
        if (type === 'INSERT') await dropIfHidden(record);
      } else if (table === 'likes' || table === 'posts') {
        // A like's delete carries only its id, so the shown counts are read again.
        if (type === 'INSERT' && record['user_id'] === me) return;
        await refreshShown();
      }
    };

    const handle = startLive<FeedAction>(db, {
      tables: TABLES,
      fetch: (kind) => (kind === 'initial' ? loadFirst() : catchUp()),
      onData: dispatch,
      // A failed follow-up read is caught up by the next reconnect or reload.
      onChange: (change) => void onChange(change).catch(() => undefined),
      onState: (s) => dispatch({ type: 'channel', state: s }),
      onError: (_error, kind) => {
        if (kind === 'initial') dispatch({ type: 'failed' });
      },
    });
    live.current = handle;
    return () => {
      handle.stop();
      live.current = null;
    };
  }, [db, me, unknownName, anchorId, posts, commentsOf]);

  const loadMore = useCallback(async () => {
    const last = current.current.posts.at(-1);
    if (!last || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await posts({ before: cursorOf(last), limit: PAGE_SIZE });
      const comments = await commentsOf(page.map((p) => p.id));
      dispatch({ type: 'pageLoaded', posts: page, comments, hasMore: page.length === PAGE_SIZE });
    } finally {
      setLoadingMore(false);
    }
  }, [posts, commentsOf, loadingMore]);

  const showPending = useCallback(() => {
    const postIds = current.current.pending.map((p) => p.id);
    dispatch({ type: 'pendingShown' });
    void commentsOf(postIds).then(
      (comments) => dispatch({ type: 'commentsLoaded', postIds, comments }),
      () => undefined,
    );
  }, [commentsOf]);

  const deletePost = useCallback(
    async (id: string) => {
      await deletePostRow(db, id);
      dispatch({ type: 'postRemoved', id });
    },
    [db],
  );
  const deleteComment = useCallback(
    async (comment: FeedComment) => {
      await deleteCommentRow(db, comment.id);
      dispatch({ type: 'commentRemoved', id: comment.id });
    },
    [db],
  );

  return {
    status: state.status,
    posts: state.posts,
    pending: state.pending,
    comments: state.comments,
    hasMore: state.hasMore,
    loadingMore,
    live: state.live,
    retry: () => {
      dispatch({ type: 'loading' });
      live.current?.refresh();
    },
    loadMore,
    showPending,
    addOwnPost: (post: FeedPost) => dispatch({ type: 'postAdded', post }),
    /** Optimistic like or unlike; the same call with `!liked` rolls it back. */
    like: (id: string, liked: boolean) => dispatch({ type: 'liked', id, liked }),
    deletePost,
    addLocalComment: (comment: FeedComment) => dispatch({ type: 'commentArrived', comment }),
    deleteComment,
  };
}
