import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { LiveSpec, RowChange } from '~/lib/supabase/live.ts';
import {
  type Cursor,
  type FeedPost,
  fetchComments,
  fetchFirstPage,
  fetchPosts,
  PAGE_SIZE,
} from './feed-data.ts';
import type { FeedAction, FeedState } from './feed-state.ts';

export type FeedContext = {
  db: TypedSupabaseClient;
  me: string;
  unknownName: string;
  anchorId: string | null;
  /** The first page, read and shown already by the hook (not with a deep link): taken, not read again. */
  firstPage?: Promise<FeedPost[]> | undefined;
  /** The state as last rendered (what is shown decides what is read). */
  state: () => FeedState;
  dispatch: (action: FeedAction) => void;
};

const cursorOf = (post: FeedPost): Cursor => ({ createdAt: post.createdAt, id: post.id });

/**
 * What the feed reads and how each live change becomes reducer actions, for the one live helper
 * (posts, comments, likes, and the marks of content hidden by reports: a post hidden by its second
 * report changes no row the others may still read, so the mark is what tells them; a suspension's
 * event likewise). Loaded with
 * the helper, after the first screen; the server delivers a row only to those whose RLS lets them
 * read it.
 */
export function feedSpec(ctx: FeedContext): LiveSpec<FeedAction[]> {
  const { db, me, unknownName, anchorId, state, dispatch } = ctx;
  const posts = (q: Omit<Parameters<typeof fetchPosts>[1], 'me' | 'unknownName'>) =>
    fetchPosts(db, { me, unknownName, ...q });
  const commentsOf = async (postIds: string[]) =>
    postIds.length ? fetchComments(db, { postIds }, unknownName) : [];
  const shownIds = () => [...state().posts, ...state().pending].map((p) => p.id);

  let shownFirst = ctx.firstPage;
  const readFirst = async (): Promise<FeedPost[]> => {
    let page = await fetchFirstPage(db, me, unknownName);
    // A deep link to an older post loads the feed down to it, so it can be shown in place.
    if (anchorId && !page.some((p) => p.id === anchorId)) {
      const [target] = await posts({ ids: [anchorId] });
      if (target) page = await posts({ atLeast: cursorOf(target), limit: 1000 });
    }
    dispatch({ type: 'loaded', posts: page, hasMore: page.length >= PAGE_SIZE });
    return page;
  };
  const loadFirst = async (): Promise<FeedAction[]> => {
    // The posts go on screen at once; their comments follow (the changes that arrive meanwhile wait
    // for them, startLive buffers them until this read has settled). A failed comments read keeps
    // the posts: the catch-up on joining reads the comments again.
    const early = shownFirst;
    shownFirst = undefined;
    const page = await (early ?? readFirst());
    const postIds = page.map((p) => p.id);
    const comments = await commentsOf(postIds).catch(() => null);
    return comments ? [{ type: 'commentsLoaded', postIds, comments }] : [];
  };
  // After a reconnect: posts newer than the newest seen wait behind the button; what is shown is
  // read again (counts; a deleted or hidden post disappears), and its comments too.
  const catchUp = async (): Promise<FeedAction[]> => {
    const { posts: shown, pending } = state();
    const newest = pending[0] ?? shown[0];
    const missed = newest ? (await posts({ after: cursorOf(newest) })).filter((p) => p.userId !== me) : [];
    const ids = shownIds();
    const postIds = shown.map((p) => p.id);
    return [
      { type: 'postsRefreshed', ids, fresh: ids.length ? await posts({ ids }) : [] },
      ...missed.map((post): FeedAction => ({ type: 'postArrived', post })),
      { type: 'commentsLoaded', postIds, comments: await commentsOf(postIds) },
    ];
  };
  const refreshShown = async () => {
    const ids = shownIds();
    if (ids.length) dispatch({ type: 'postsRefreshed', ids, fresh: await posts({ ids }) });
  };
  // A suspension began or was lifted (the event names nobody and says neither): what is shown is
  // read again through RLS, and so is the stretch of the feed it covers, so a suspended member's
  // posts, comments and name go, and a lifted member's come back in place; their own and admins'
  // feeds keep them throughout.
  const recheckShown = async () => {
    await refreshShown();
    const { posts: shown, hasMore } = state();
    const oldest = shown[shown.length - 1];
    const stretch = await posts(oldest ? { atLeast: cursorOf(oldest), limit: 1000 } : { limit: PAGE_SIZE });
    dispatch({
      type: 'pageLoaded',
      posts: stretch,
      comments: await commentsOf(stretch.map((p) => p.id)),
      hasMore: oldest ? hasMore : stretch.length === PAGE_SIZE,
    });
  };
  // Content hidden by reports: asked again through RLS, so its author and admins keep it.
  const dropIfHidden = async (mark: Record<string, unknown>) => {
    const postId = typeof mark['post_id'] === 'string' ? mark['post_id'] : null;
    const commentId = typeof mark['comment_id'] === 'string' ? mark['comment_id'] : null;
    // Its author (and an admin) still finds it: it is shown again, marked as hidden from others.
    if (postId && shownIds().includes(postId)) {
      const fresh = await posts({ ids: [postId] });
      dispatch(
        fresh.length ? { type: 'postsRefreshed', ids: [postId], fresh } : { type: 'postRemoved', id: postId },
      );
    }
    const shown = Object.values(state().comments)
      .flat()
      .find((c) => c.id === commentId);
    if (commentId && shown) {
      const found = await fetchComments(db, { ids: [commentId] }, unknownName);
      if (found.length === 0) dispatch({ type: 'commentRemoved', id: commentId });
      else
        dispatch({
          type: 'commentsLoaded',
          postIds: [shown.postId],
          comments: await fetchComments(db, { postIds: [shown.postId] }, unknownName),
        });
    }
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
      if (!state().posts.some((p) => p.id === record['post_id'])) return;
      const [comment] = await fetchComments(db, { ids: [id] }, unknownName);
      if (comment) dispatch({ type: 'commentArrived', comment });
    } else if (table === 'hidden_content') {
      if (type === 'INSERT') await dropIfHidden(record);
    } else if (table === 'suspension_events') {
      if (type === 'INSERT') await recheckShown();
    } else if (table === 'likes' || table === 'posts') {
      // A like's delete carries only its id, so the shown counts are read again.
      if (type === 'INSERT' && record['user_id'] === me) return;
      await refreshShown();
    }
  };

  return {
    tables: ['posts', 'comments', 'likes', 'hidden_content', 'suspension_events'].map((table) => ({ table })),
    fetch: (kind) => (kind === 'initial' ? loadFirst() : catchUp()),
    onData: (actions) => {
      for (const action of actions) dispatch(action);
    },
    // A failed follow-up read is caught up by the next reconnect or reload.
    onChange: (change) => void onChange(change).catch(() => undefined),
    onState: (s) => dispatch({ type: 'channel', state: s }),
    onError: (_error, kind) => {
      if (kind === 'initial') dispatch({ type: 'failed' });
    },
  };
}
