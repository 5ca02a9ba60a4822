import { useCallback, useEffect, useRef, useState } from 'react';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
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
import { type Change, mergeComments, removeComment, subscribeFeed } from './feed-live.ts';

export type FeedStatus = 'loading' | 'ready' | 'error';
export type LiveStatus = 'connecting' | 'live' | 'lost' | 'recovered';

const cursorOf = (post: FeedPost): Cursor => ({ createdAt: post.createdAt, id: post.id });

/**
 * The feed's data: keyset pages, comments of the shown posts, and ONE realtime subscription that
 * reduces changes into that state. New posts from others wait in `pending` (no jump while
 * reading); after a lost connection everything missed is fetched again.
 */
export function useFeed(db: TypedSupabaseClient, me: string, unknownName: string, anchorId: string | null) {
  const [status, setStatus] = useState<FeedStatus>('loading');
  const [posts, setPosts] = useState<FeedPost[]>([]);
  const [pending, setPending] = useState<FeedPost[]>([]);
  const [comments, setComments] = useState<Record<string, FeedComment[]>>({});
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [live, setLive] = useState<LiveStatus>('connecting');
  const [attempt, setAttempt] = useState(0);
  const postsRef = useRef<FeedPost[]>([]);
  const pendingRef = useRef<FeedPost[]>([]);
  const commentsRef = useRef<Record<string, FeedComment[]>>({});
  postsRef.current = posts;
  commentsRef.current = comments;
  pendingRef.current = pending;

  const loadComments = useCallback(
    async (postIds: string[]) => {
      if (postIds.length === 0) return;
      const rows = await fetchComments(db, { postIds }, unknownName);
      setComments((old) => {
        const next = { ...old };
        for (const id of postIds) next[id] = [];
        for (const c of rows) next[c.postId] = [...(next[c.postId] ?? []), c];
        return next;
      });
    },
    [db, unknownName],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on Try Again
  useEffect(() => {
    let cancelled = false;
    setStatus('loading');
    (async () => {
      let page = await fetchPosts(db, { me, unknownName, limit: PAGE_SIZE });
      let more = page.length === PAGE_SIZE;
      // A deep link to an older post loads the feed down to it, so it can be shown in place.
      if (anchorId && !page.some((p) => p.id === anchorId)) {
        const [target] = await fetchPosts(db, { me, unknownName, ids: [anchorId] });
        if (target) {
          page = await fetchPosts(db, { me, unknownName, atLeast: cursorOf(target), limit: 1000 });
          more = true;
        }
      }
      if (cancelled) return;
      setPosts(page);
      setHasMore(more);
      await loadComments(page.map((p) => p.id));
      if (!cancelled) setStatus('ready');
    })().catch(() => {
      if (!cancelled) setStatus('error');
    });
    return () => {
      cancelled = true;
    };
  }, [db, me, unknownName, anchorId, loadComments, attempt]);

  const loadMore = useCallback(async () => {
    const last = postsRef.current.at(-1);
    if (!last || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await fetchPosts(db, { me, unknownName, before: cursorOf(last), limit: PAGE_SIZE });
      setPosts((old) => [...old, ...page.filter((p) => !old.some((o) => o.id === p.id))]);
      setHasMore(page.length === PAGE_SIZE);
      await loadComments(page.map((p) => p.id));
    } finally {
      setLoadingMore(false);
    }
  }, [db, me, unknownName, loadingMore, loadComments]);

  /** Re-reads counts of the shown posts; posts that are gone (deleted, now hidden) disappear. */
  const refreshShown = useCallback(async () => {
    const ids = postsRef.current.map((p) => p.id);
    if (ids.length === 0) return;
    const fresh = await fetchPosts(db, { me, unknownName, ids });
    const byId = new Map(fresh.map((p) => [p.id, p]));
    setPosts((old) => old.filter((p) => byId.has(p.id)).map((p) => byId.get(p.id) ?? p));
  }, [db, me, unknownName]);

  const showPending = useCallback(() => {
    const waiting = pendingRef.current;
    setPending([]);
    setPosts((old) => [...waiting.filter((p) => !old.some((o) => o.id === p.id)), ...old]);
    void loadComments(waiting.map((p) => p.id));
  }, [loadComments]);

  const addOwnPost = useCallback((post: FeedPost) => {
    setPosts((old) => [post, ...old.filter((p) => p.id !== post.id)]);
    setComments((old) => ({ ...old, [post.id]: [] }));
  }, []);

  const patchPost = useCallback((id: string, patch: Partial<FeedPost>) => {
    setPosts((old) => old.map((p) => (p.id === id ? { ...p, ...patch } : p)));
  }, []);

  const deletePost = useCallback(
    async (id: string) => {
      await deletePostRow(db, id);
      setPosts((old) => old.filter((p) => p.id !== id));
    },
    [db],
  );

  const addLocalComment = useCallback((comment: FeedComment) => {
    setComments((old) => {
      const list = old[comment.postId] ?? [];
      if (list.some((c) => c.id === comment.id)) return old;
      setPosts((ps) =>
        ps.map((p) => (p.id === comment.postId ? { ...p, commentCount: p.commentCount + 1 } : p)),
      );
      return mergeComments(old, [comment]);
    });
  }, []);

  const deleteComment = useCallback(
    async (comment: FeedComment) => {
      await deleteCommentRow(db, comment.id);
      setComments((old) => {
        const next = removeComment(old, comment.id);
        if (next !== old) {
          setPosts((ps) =>
            ps.map((p) =>
              p.id === comment.postId ? { ...p, commentCount: Math.max(0, p.commentCount - 1) } : p,
            ),
          );
        }
        return next;
      });
    },
    [db],
  );

  // The page's one realtime subscription.
  useEffect(() => {
    if (status !== 'ready') return;
    let wasLost = false;
    const onChange = async (change: Change) => {
      if (change.table === 'posts' && change.type === 'INSERT') {
        const id = change.record['id'] as string;
        if (change.record['user_id'] === me || postsRef.current.some((p) => p.id === id)) return;
        const [post] = await fetchPosts(db, { me, unknownName, ids: [id] });
        if (post) setPending((old) => (old.some((p) => p.id === id) ? old : [post, ...old]));
      } else if (change.table === 'posts' && change.type === 'DELETE') {
        const id = change.oldId;
        setPosts((old) => old.filter((p) => p.id !== id));
        setPending((old) => old.filter((p) => p.id !== id));
      } else if (change.table === 'comments' && change.type === 'INSERT') {
        const postId = change.record['post_id'] as string;
        if (!postsRef.current.some((p) => p.id === postId)) return;
        const [comment] = await fetchComments(db, { ids: [change.record['id'] as string] }, unknownName);
        if (comment) addLocalComment(comment);
      } else if (change.table === 'comments' && change.type === 'DELETE') {
        const id = change.oldId;
        setComments((old) => {
          const postId = Object.keys(old).find((key) => old[key]?.some((c) => c.id === id));
          if (!postId) return old;
          setPosts((ps) =>
            ps.map((p) => (p.id === postId ? { ...p, commentCount: Math.max(0, p.commentCount - 1) } : p)),
          );
          return removeComment(old, id);
        });
      } else if (change.table === 'hidden_content') {
        if (change.type === 'INSERT') await dropIfHidden(change.record);
      } else if (change.table === 'likes' || change.table === 'posts') {
        // A like's delete carries only its id, so the shown counts are read again.
        if (change.type === 'INSERT' && change.record['user_id'] === me) return;
        await refreshShown();
      }
    };
    // Content hidden by reports: asked again through RLS, so its author and admins keep it.
    async function dropIfHidden(mark: Record<string, unknown>) {
      const postId = typeof mark['post_id'] === 'string' ? mark['post_id'] : null;
      const commentId = typeof mark['comment_id'] === 'string' ? mark['comment_id'] : null;
      if (postId) {
        const shown = [...postsRef.current, ...pendingRef.current].some((p) => p.id === postId);
        if (!shown || (await fetchPosts(db, { me, unknownName, ids: [postId] })).length > 0) return;
        setPosts((old) => old.filter((p) => p.id !== postId));
        setPending((old) => old.filter((p) => p.id !== postId));
        setComments((old) => {
          const { [postId]: _gone, ...rest } = old;
          return rest;
        });
      } else if (commentId) {
        const shown = Object.values(commentsRef.current).some((l) => l.some((c) => c.id === commentId));
        if (!shown || (await fetchComments(db, { ids: [commentId] }, unknownName)).length > 0) return;
        setComments((old) => {
          const next = removeComment(old, commentId);
          const postId = Object.keys(old).find((key) => old[key]?.some((c) => c.id === commentId));
          if (next !== old && postId) {
            setPosts((ps) =>
              ps.map((p) => (p.id === postId ? { ...p, commentCount: Math.max(0, p.commentCount - 1) } : p)),
            );
          }
          return next;
        });
      }
    }
    const unsubscribe = subscribeFeed(db, onChange, (state) => {
      if (state === 'live') {
        setLive(wasLost ? 'recovered' : 'live');
        if (wasLost) {
          wasLost = false;
          void catchUp();
        }
      } else if (state === 'lost') {
        wasLost = true;
        setLive('lost');
      }
    });
    // After a reconnect: posts newer than the newest seen wait behind the button; counts and
    // comments of what is shown are read again (a deleted post disappears).
    async function catchUp() {
      const newest = pendingRef.current[0] ?? postsRef.current[0];
      if (newest) {
        const missed = await fetchPosts(db, { me, unknownName, after: cursorOf(newest) });
        const others = missed.filter((p) => p.userId !== me);
        if (others.length)
          setPending((old) => [...others.filter((p) => !old.some((o) => o.id === p.id)), ...old]);
      }
      await refreshShown();
      await loadComments(postsRef.current.map((p) => p.id));
    }
    return unsubscribe;
  }, [db, me, unknownName, status, refreshShown, loadComments, addLocalComment]);

  return {
    status,
    posts,
    pending,
    comments,
    hasMore,
    loadingMore,
    live,
    retry: () => setAttempt((n) => n + 1),
    loadMore,
    showPending,
    addOwnPost,
    patchPost,
    deletePost,
    addLocalComment,
    deleteComment,
  };
}
