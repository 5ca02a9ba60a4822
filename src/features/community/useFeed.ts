import { startTransition, useCallback, useReducer, useRef, useState } from 'react';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { useLive } from '~/lib/supabase/use-live.ts';
import {
  type Cursor,
  deleteComment as deleteCommentRow,
  deletePost as deletePostRow,
  type FeedComment,
  type FeedPost,
  fetchComments,
  fetchFirstPage,
  fetchPosts,
  PAGE_SIZE,
} from './feed-data.ts';
import { feedReducer, initialFeed } from './feed-state.ts';

type PostQuery = Parameters<typeof fetchPosts>[1];
const cursorOf = (post: FeedPost): Cursor => ({ createdAt: post.createdAt, id: post.id });

/**
 * The feed's data: keyset pages, comments of the shown posts, kept live through the one live
 * helper (`openLive` with the feed's spec, `feedSpec`). The state and its rules are `feedReducer`;
 * this hook only fetches and dispatches. New posts from others wait in `pending`; after a lost
 * connection the catch-up reconciles what was missed.
 */
export function useFeed(db: TypedSupabaseClient, me: string, unknownName: string, anchorId: string | null) {
  const [state, dispatch] = useReducer(feedReducer, initialFeed);
  const [loadingMore, setLoadingMore] = useState(false);
  const current = useRef(state);
  current.current = state;

  const posts = useCallback(
    (q: Omit<PostQuery, 'me' | 'unknownName'>) => fetchPosts(db, { me, unknownName, ...q }),
    [db, me, unknownName],
  );
  const commentsOf = useCallback(
    async (postIds: string[]) => (postIds.length ? fetchComments(db, { postIds }, unknownName) : []),
    [db, unknownName],
  );

  // The feed's reads and change handling load with the live helper, after the first screen: the
  // first page is read at once (the page's early answer) and shown as soon as it is here, while they
  // load; the live helper's first read takes that page (feed-changes.ts) and adds its comments.
  const opened = useRef(0);
  const live = useLive(db, () => {
    const run = ++opened.current;
    dispatch({ type: 'loading' });
    const firstPage = anchorId
      ? undefined
      : fetchFirstPage(db, me, unknownName).then((page) => {
          // A transition: React renders the posts in slices and lets the page answer between them
          // (a phone spent one ~180 ms task on it: Lighthouse's blocking time).
          if (run === opened.current)
            startTransition(() =>
              dispatch({ type: 'loaded', posts: page, hasMore: page.length === PAGE_SIZE }),
            );
          return page;
        });
    firstPage?.catch(() => undefined);
    const ctx = { db, me, unknownName, anchorId, firstPage, state: () => current.current, dispatch };
    return import('./feed-changes.ts').then((m) => m.feedSpec(ctx));
  }, [me, unknownName, anchorId]);

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
