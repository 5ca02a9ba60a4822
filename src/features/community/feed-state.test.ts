import { describe, expect, it } from 'vitest';
import type { FeedComment, FeedPost } from './feed-data.ts';
import {
  type FeedAction,
  type FeedState,
  feedReducer,
  initialFeed,
  mergeComments,
  mergePosts,
} from './feed-state.ts';

const post = (id: string, createdAt: string, extra: Partial<FeedPost> = {}): FeedPost => ({
  id,
  title: id,
  content: id,
  imageUrl: null,
  createdAt,
  userId: 'other',
  authorName: 'A',
  authorAvatar: null,
  likeCount: 0,
  commentCount: 0,
  likedByMe: false,
  hidden: false,
  ...extra,
});
const comment = (id: string, postId: string, createdAt: string): FeedComment => ({
  id,
  postId,
  userId: 'u',
  content: id,
  createdAt,
  authorName: 'A',
  authorAvatar: null,
  hidden: false,
});
const run = (state: FeedState, ...actions: FeedAction[]) => actions.reduce(feedReducer, state);
const ids = (list: Array<{ id: string }>) => list.map((x) => x.id);

const P1 = post('p1', '2026-01-01');
const P2 = post('p2', '2026-01-02', { commentCount: 1 });
const C1 = comment('c1', 'p2', '2026-01-03');
const ready = run(initialFeed, { type: 'loaded', posts: [P1, P2], comments: [C1], hasMore: true });

describe('feed reducer: loading', () => {
  it('starts loading, connecting, empty', () => {
    expect(initialFeed).toMatchObject({ status: 'loading', posts: [], pending: [], live: 'connecting' });
  });
  it('shows the first page newest first with its comments, every shown post with a list', () => {
    expect(ready.status).toBe('ready');
    expect(ready.hasMore).toBe(true);
    expect(ids(ready.posts)).toEqual(['p2', 'p1']);
    expect(ready.comments).toEqual({ p1: [], p2: [C1] });
  });
  it('shows the posts before their comments, with the server counts, then the comments', () => {
    const first = run(initialFeed, {
      type: 'loaded',
      posts: [P1, post('p2', '2026-01-02', { commentCount: 2 })],
      hasMore: false,
    });
    expect(first.status).toBe('ready');
    expect(ids(first.posts)).toEqual(['p2', 'p1']);
    expect(first.comments).toEqual({});
    expect(first.posts[0]?.commentCount).toBe(2);
    // A live comment before the list is read changes nothing: the list and count come with the read.
    const early = run(first, { type: 'commentArrived', comment: comment('c9', 'p2', '2026-01-05') });
    expect(early.comments).toEqual({});
    expect(early.posts[0]?.commentCount).toBe(2);
    const both = [C1, comment('c2', 'p2', '2026-01-04')];
    const next = run(first, { type: 'commentsLoaded', postIds: ['p2', 'p1'], comments: both });
    expect(next.comments).toEqual({ p1: [], p2: both });
    expect(next.posts[0]?.commentCount).toBe(2);
  });
  it('fails, and loads again on retry', () => {
    const failed = run(initialFeed, { type: 'failed' });
    expect(failed.status).toBe('error');
    expect(run(failed, { type: 'loading' }).status).toBe('loading');
  });
  it('appends an older page once, keeping the order and the comments already shown', () => {
    const next = run(ready, {
      type: 'pageLoaded',
      posts: [P1, post('p0', '2025-12-31')],
      comments: [comment('c0', 'p0', '2026-01-01')],
      hasMore: false,
    });
    expect(ids(next.posts)).toEqual(['p2', 'p1', 'p0']);
    expect(next.hasMore).toBe(false);
    expect(next.comments['p2']).toEqual([C1]);
    expect(ids(next.comments['p0'] ?? [])).toEqual(['c0']);
  });
  it('orders equal times by id, newest id first', () => {
    expect(ids(mergePosts([], [post('a', 't'), post('b', 't'), post('c', 'u')], new Set()))).toEqual([
      'c',
      'b',
      'a',
    ]);
  });
});

describe('feed reducer: live posts', () => {
  it('keeps others’ new posts waiting, once each, newest first, until shown', () => {
    const P3 = post('p3', '2026-01-03');
    const P4 = post('p4', '2026-01-04');
    const waiting = run(
      ready,
      { type: 'postArrived', post: P3 },
      { type: 'postArrived', post: P4 },
      {
        type: 'postArrived',
        post: P3,
      },
    );
    expect(ids(waiting.posts)).toEqual(['p2', 'p1']);
    expect(ids(waiting.pending)).toEqual(['p4', 'p3']);
    const shown = run(waiting, { type: 'pendingShown' });
    expect(ids(shown.posts)).toEqual(['p4', 'p3', 'p2', 'p1']);
    expect(shown.pending).toEqual([]);
    // Their comments are read next; the server's counts show until then.
    expect(shown.comments['p4']).toBeUndefined();
    expect(shown.comments['p2']).toEqual([C1]);
  });
  it('updates a post that is already shown instead of queueing it', () => {
    const next = run(ready, { type: 'postArrived', post: { ...P1, title: 'edited' } });
    expect(next.pending).toEqual([]);
    expect(next.posts.find((p) => p.id === 'p1')?.title).toBe('edited');
  });
  it('puts my own post on top at once, once, even when its echo came first', () => {
    const mine = post('m', '2026-02-01', { userId: 'me' });
    const next = run(
      ready,
      { type: 'postArrived', post: mine },
      { type: 'postAdded', post: mine },
      {
        type: 'postAdded',
        post: mine,
      },
    );
    expect(ids(next.posts)).toEqual(['m', 'p2', 'p1']);
    expect(next.pending).toEqual([]);
    expect(next.comments['m']).toEqual([]);
  });
  it('removes a deleted post from the feed, the queue and the comments', () => {
    const P3 = post('p3', '2026-01-03');
    const next = run(
      ready,
      { type: 'postArrived', post: P3 },
      { type: 'postRemoved', id: 'p2' },
      {
        type: 'postRemoved',
        id: 'p3',
      },
    );
    expect(ids(next.posts)).toEqual(['p1']);
    expect(next.pending).toEqual([]);
    expect(next.comments).toEqual({ p1: [] });
  });
  it('keeps a post out whose delete arrived before its insert', () => {
    const late = post('p9', '2026-01-09');
    const next = run(ready, { type: 'postRemoved', id: 'p9' }, { type: 'postArrived', post: late });
    expect(next.pending).toEqual([]);
    expect(run(next, { type: 'postAdded', post: late }).posts.some((p) => p.id === 'p9')).toBe(false);
  });
  it('replaces shown posts by fresh copies and drops those no longer readable', () => {
    const next = run(ready, {
      type: 'postsRefreshed',
      ids: ['p1', 'p2'],
      fresh: [{ ...P2, likeCount: 5 }],
    });
    expect(ids(next.posts)).toEqual(['p2']);
    expect(next.posts[0]?.likeCount).toBe(5);
  });
  it('leaves posts alone that were not asked for', () => {
    const next = run(ready, { type: 'postsRefreshed', ids: ['p2'], fresh: [] });
    expect(ids(next.posts)).toEqual(['p1']);
  });
});

describe('feed reducer: likes (optimistic, rolled back on failure)', () => {
  it('likes at once and rolls back to where it was', () => {
    const liked = run(ready, { type: 'liked', id: 'p1', liked: true });
    expect(liked.posts.find((p) => p.id === 'p1')).toMatchObject({ likedByMe: true, likeCount: 1 });
    const back = run(liked, { type: 'liked', id: 'p1', liked: false });
    expect(back.posts.find((p) => p.id === 'p1')).toMatchObject({ likedByMe: false, likeCount: 0 });
    expect(back.posts.find((p) => p.id === 'p2')).toEqual(P2);
  });
  it('counts a repeated like once and never below zero', () => {
    const twice = run(
      ready,
      { type: 'liked', id: 'p1', liked: true },
      { type: 'liked', id: 'p1', liked: true },
    );
    expect(twice.posts.find((p) => p.id === 'p1')?.likeCount).toBe(1);
    const odd = run(initialFeed, {
      type: 'loaded',
      posts: [post('x', 't', { likedByMe: true, likeCount: 0 })],
      comments: [],
      hasMore: false,
    });
    expect(run(odd, { type: 'liked', id: 'x', liked: false }).posts[0]?.likeCount).toBe(0);
  });
});

describe('feed reducer: comments', () => {
  it('adds my comment and its live echo once, counting it once', () => {
    const C2 = comment('c2', 'p2', '2026-01-04');
    const next = run(ready, { type: 'commentArrived', comment: C2 }, { type: 'commentArrived', comment: C2 });
    expect(ids(next.comments['p2'] ?? [])).toEqual(['c1', 'c2']);
    expect(next.posts.find((p) => p.id === 'p2')?.commentCount).toBe(2);
  });
  it('counts a comment once when a re-read of the posts (after a like) already counted it', () => {
    const C2 = comment('c2', 'p2', '2026-01-04');
    // The like's re-read sees two comments on p2; the insert event of the second is applied after it.
    const next = run(
      ready,
      { type: 'postsRefreshed', ids: ['p2', 'p1'], fresh: [{ ...P2, commentCount: 2, likeCount: 1 }, P1] },
      { type: 'commentArrived', comment: C2 },
    );
    expect(ids(next.comments['p2'] ?? [])).toEqual(['c1', 'c2']);
    expect(next.posts.find((p) => p.id === 'p2')).toMatchObject({ commentCount: 2, likeCount: 1 });
  });
  it('keeps comments oldest first whatever order they arrive in', () => {
    const lists = mergeComments({}, [comment('b', 'p', '2026-01-02'), comment('a', 'p', '2026-01-01')]);
    expect(ids(lists['p'] ?? [])).toEqual(['a', 'b']);
    expect(mergeComments(lists, [comment('a', 'p', '2026-01-01')])).toEqual(lists);
  });
  it('ignores a comment on a post that is not shown', () => {
    expect(run(ready, { type: 'commentArrived', comment: comment('c', 'nope', 't') })).toBe(ready);
  });
  it('removes a deleted comment and lowers the count, never below zero, once', () => {
    const next = run(ready, { type: 'commentRemoved', id: 'c1' }, { type: 'commentRemoved', id: 'c1' });
    expect(next.comments['p2']).toEqual([]);
    expect(next.posts.find((p) => p.id === 'p2')?.commentCount).toBe(0);
    expect(next.posts.find((p) => p.id === 'p1')?.commentCount).toBe(0);
  });
  it('keeps a comment out whose delete arrived before its insert', () => {
    const next = run(
      ready,
      { type: 'commentRemoved', id: 'c7' },
      {
        type: 'commentArrived',
        comment: comment('c7', 'p2', 't'),
      },
    );
    expect(ids(next.comments['p2'] ?? [])).toEqual(['c1']);
    expect(next.posts.find((p) => p.id === 'p2')?.commentCount).toBe(1);
  });
  it('does not bring back a deleted comment with a re-read that raced its delete', () => {
    const next = run(
      ready,
      { type: 'commentRemoved', id: 'c1' },
      {
        type: 'commentsLoaded',
        postIds: ['p2'],
        comments: [C1],
      },
    );
    expect(next.comments['p2']).toEqual([]);
  });
  it('replaces the comment lists of posts whose comments were read again', () => {
    const next = run(ready, {
      type: 'commentsLoaded',
      postIds: ['p2', 'p1'],
      comments: [comment('c5', 'p1', 't')],
    });
    expect(next.comments).toEqual({ p1: [comment('c5', 'p1', 't')], p2: [] });
  });
});

describe('feed reducer: reconnect catch-up (re-read shown posts, missed posts, comments)', () => {
  it('queues missed posts, refreshes shown ones, drops the gone ones and re-reads comments', () => {
    const P3 = post('p3', '2026-01-03');
    const P5 = post('p5', '2026-01-05');
    const next = run(
      ready,
      { type: 'postArrived', post: P3 },
      { type: 'postsRefreshed', ids: ['p2', 'p1', 'p3'], fresh: [{ ...P2, commentCount: 2 }, P3] },
      { type: 'postArrived', post: P5 },
      { type: 'postArrived', post: P3 },
      { type: 'commentsLoaded', postIds: ['p2'], comments: [C1, comment('c2', 'p2', '2026-01-04')] },
    );
    expect(ids(next.posts)).toEqual(['p2']);
    expect(next.posts[0]?.commentCount).toBe(2);
    expect(ids(next.pending)).toEqual(['p5', 'p3']);
    expect(ids(next.comments['p2'] ?? [])).toEqual(['c1', 'c2']);
  });
  it('drops a waiting post that is gone, and keeps one not asked about', () => {
    const waiting = run(
      ready,
      { type: 'postArrived', post: post('p3', 't3') },
      { type: 'postArrived', post: post('p4', 't4') },
    );
    const next = run(waiting, { type: 'postsRefreshed', ids: ['p3'], fresh: [] });
    expect(ids(next.pending)).toEqual(['p4']);
  });
  it('does not bring back what was deleted while away', () => {
    const gone = run(ready, { type: 'postRemoved', id: 'p2' });
    const next = run(
      gone,
      { type: 'postsRefreshed', ids: ['p1'], fresh: [P1] },
      { type: 'postArrived', post: P2 },
    );
    expect(ids(next.posts)).toEqual(['p1']);
    expect(next.pending).toEqual([]);
  });
  it('a second first read replaces the feed but keeps the connection state and what was deleted', () => {
    const before = run(ready, { type: 'channel', state: 'live' }, { type: 'postRemoved', id: 'p9' });
    const next = run(before, {
      type: 'loaded',
      posts: [post('p9', 't9'), P1],
      comments: [],
      hasMore: false,
    });
    expect(ids(next.posts)).toEqual(['p1']);
    expect(next.comments).toEqual({ p1: [] });
    expect(next.live).toBe('live');
    expect(next.hasMore).toBe(false);
  });
});

describe('feed reducer: connection state', () => {
  it('is live, lost, then recovered after a loss, and live again after that', () => {
    const live = run(initialFeed, { type: 'channel', state: 'live' });
    expect(live.live).toBe('live');
    const lost = run(live, { type: 'channel', state: 'lost' });
    expect(lost.live).toBe('lost');
    const back = run(lost, { type: 'channel', state: 'live' });
    expect(back.live).toBe('recovered');
    expect(run(back, { type: 'channel', state: 'live' }).live).toBe('live');
  });
});
