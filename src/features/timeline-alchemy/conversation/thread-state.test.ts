import { describe, expect, it } from 'vitest';
import {
  asComment,
  type Comment,
  canEdit,
  groupByRevision,
  initialThreads,
  openCount,
  threadsReducer,
} from './thread-state.ts';

const comment = (id: string, extra: Partial<Comment> = {}): Comment => ({
  id,
  preview_id: 'p1',
  revision: 1,
  author_kind: 'admin',
  author_id: 'admin-1',
  author_name: 'Anna',
  body: `body ${id}`,
  created_at: `2026-11-25T10:00:0${id.slice(-1)}Z`,
  edited_at: null,
  resolved_at: null,
  history_id: null,
  ...extra,
});

describe('threadsReducer', () => {
  it('keeps comments in time order; a live upsert replaces the row of the same id', () => {
    let state = threadsReducer(initialThreads, { type: 'loaded', comments: [comment('c2'), comment('c1')] });
    expect(state.comments.map((c) => c.id)).toEqual(['c1', 'c2']);
    state = threadsReducer(state, { type: 'upsert', comment: comment('c3') });
    state = threadsReducer(state, {
      type: 'upsert',
      comment: comment('c1', { resolved_at: '2026-11-25T11:00:00Z' }),
    });
    expect(state.comments.map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
    expect(state.comments[0]?.resolved_at).toBe('2026-11-25T11:00:00Z');
  });

  it('a failed catch-up keeps what is shown; a failed first read is an error', () => {
    expect(threadsReducer(initialThreads, { type: 'failed' }).status).toBe('error');
    const ready = threadsReducer(initialThreads, { type: 'loaded', comments: [comment('c1')] });
    expect(threadsReducer(ready, { type: 'failed' })).toBe(ready);
  });
});

describe('groupByRevision and openCount', () => {
  const all = [
    comment('c1', { revision: 1 }),
    comment('c2', { revision: 3, resolved_at: '2026-11-25T11:00:00Z' }),
    comment('c3', { revision: 1 }),
    comment('c4', { preview_id: 'p2' }),
  ];
  it("groups one preview's comments by revision, oldest first, with the current one last even when empty", () => {
    expect(groupByRevision(all, 'p1', 4).map((g) => [g.revision, g.current, g.comments.length])).toEqual([
      [1, false, 2],
      [3, false, 1],
      [4, true, 0],
    ]);
  });
  it('counts the open comments of one preview', () => {
    expect(openCount(all, 'p1')).toBe(2);
    expect(openCount(all, 'p2')).toBe(1);
  });
});

describe('asComment', () => {
  it('takes a realtime row and refuses one that is not a comment', () => {
    expect(asComment({ ...comment('c1'), client_id: 'x' })).toEqual(comment('c1'));
    // A review link's rows carry no member id.
    expect(asComment({ ...comment('c2'), author_id: undefined })?.author_id).toBeNull();
    expect(
      asComment({ id: 'c1', preview_id: 'p1', body: 'x', revision: 1, created_at: 'x', author_kind: 'boss' }),
    ).toBeNull();
  });
});

describe('canEdit', () => {
  it('lets only the author edit, never a change request entry, never without a person', () => {
    const mine = comment('c1', { author_id: 'me' });
    expect(canEdit(mine, 'me')).toBe(true);
    expect(canEdit(mine, 'someone else')).toBe(false);
    expect(canEdit(comment('c2', { author_id: 'me', history_id: 7 }), 'me')).toBe(false);
    expect(canEdit(comment('c3', { author_id: null, author_kind: 'link' }), undefined)).toBe(false);
    expect(canEdit(comment('c4', { author_id: null }), null)).toBe(false);
  });
});
