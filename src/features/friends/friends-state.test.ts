import { describe, expect, it } from 'vitest';
import type { Friendship } from './friends-data.ts';
import { type FriendsAction, type FriendsState, friendsReducer, initialFriends } from './friends-state.ts';

const f = (id: string, status: Friendship['status'], direction: Friendship['direction']): Friendship => ({
  id,
  otherId: `person-${id}`,
  otherName: id,
  otherAvatar: null,
  status,
  direction,
});
const run = (state: FriendsState, ...actions: FriendsAction[]) => actions.reduce(friendsReducer, state);
const update = (id: unknown, status: string): FriendsAction => ({
  type: 'changed',
  kind: 'UPDATE',
  row: { id, status },
});
const remove = (id: unknown): FriendsAction => ({ type: 'changed', kind: 'DELETE', row: {}, old: { id } });
const FRIEND = f('1', 'accepted', 'outgoing');
const IN = f('2', 'pending', 'incoming');
const OUT = f('3', 'pending', 'outgoing');
const ready = run(initialFriends, { type: 'loaded', list: [FRIEND, IN, OUT] });
const shown = (s: FriendsState) => s.list?.map((x) => `${x.id}:${x.status}:${x.direction}`);

describe('friends reducer', () => {
  it('is loading (no list) until the first read, failed when it fails, and ready after a retry', () => {
    expect(initialFriends).toEqual({ list: null, failed: false });
    const failed = run(initialFriends, { type: 'failed' });
    expect(failed).toEqual({ list: null, failed: true });
    expect(run(failed, { type: 'loaded', list: [IN] })).toEqual({ list: [IN], failed: false });
    expect(run(ready, { type: 'failed' })).toEqual({ list: ready.list, failed: true });
  });
  it('accepting a request (mine or the other side’s) makes a friend, once, when it arrives twice', () => {
    const next = run(ready, update('2', 'accepted'), update('2', 'accepted'));
    expect(shown(next)).toEqual(['1:accepted:outgoing', '2:accepted:incoming', '3:pending:outgoing']);
    expect(next.list?.[1]).toEqual({ ...IN, status: 'accepted' });
  });
  it('a declined request goes, and so does a deleted (cancelled, removed) pair, also twice', () => {
    expect(shown(run(ready, update('3', 'declined')))).toEqual(['1:accepted:outgoing', '2:pending:incoming']);
    expect(shown(run(ready, remove('1'), remove('1')))).toEqual(['2:pending:incoming', '3:pending:outgoing']);
  });
  it('leaves the state as it is for a row it does not show or cannot fill in, so the caller reads', () => {
    expect(run(ready, { type: 'changed', kind: 'INSERT', row: { id: '7', status: 'pending' } })).toBe(ready);
    expect(run(ready, update('7', 'accepted'))).toBe(ready);
    expect(run(ready, remove('7'))).toBe(ready);
    expect(run(ready, update('2', 'pending'))).toBe(ready);
    expect(run(initialFriends, update('1', 'accepted'))).toBe(initialFriends);
  });
  it('reads a delete’s id from the old row, not the new one', () => {
    const odd: FriendsAction = { type: 'changed', kind: 'DELETE', row: { id: '2' }, old: { id: '3' } };
    expect(shown(run(ready, odd))).toEqual(['1:accepted:outgoing', '2:pending:incoming']);
    expect(run(ready, { type: 'changed', kind: 'DELETE', row: { id: '2' } })).toBe(ready);
  });
});
