import { describe, expect, it } from 'vitest';
import type { Friendship } from './friends-data.ts';
import {
  type FriendsAction,
  type FriendsState,
  friendGroups,
  friendsReducer,
  initialFriends,
  needsRead,
} from './friends-state.ts';

const f = (
  id: string,
  otherId: string,
  status: Friendship['status'],
  direction: Friendship['direction'],
): Friendship => ({
  id,
  otherId,
  otherName: otherId,
  otherAvatar: null,
  status,
  direction,
});
const run = (state: FriendsState, ...actions: FriendsAction[]) => actions.reduce(friendsReducer, state);
const FRIEND = f('1', 'ann', 'accepted', 'outgoing');
const IN = f('2', 'bob', 'pending', 'incoming');
const OUT = f('3', 'cid', 'pending', 'outgoing');
const ready = run(initialFriends, { type: 'loaded', list: [FRIEND, IN, OUT] });
const ids = (s: FriendsState) => s.list?.map((x) => `${x.id}:${x.status}`);

describe('friends reducer', () => {
  it('is loading (no list) until the first read, and failed when it fails', () => {
    expect(initialFriends).toEqual({ list: null, failed: false });
    const failed = run(initialFriends, { type: 'failed' });
    expect(failed).toEqual({ list: null, failed: true });
    expect(run(failed, { type: 'loaded', list: [] })).toEqual({ list: [], failed: false });
  });
  it('splits friends, requests to me and requests I sent', () => {
    expect(friendGroups(ready.list ?? [])).toEqual({ friends: [FRIEND], incoming: [IN], outgoing: [OUT] });
  });
  it('shows one entry per person when a read holds a pair twice', () => {
    const next = run(initialFriends, { type: 'loaded', list: [IN, { ...IN, id: '9' }, OUT] });
    expect(ids(next)).toEqual(['2:pending', '3:pending']);
  });
  it('accepting an incoming request makes a friend, once, whatever arrives twice', () => {
    const next = run(
      ready,
      { type: 'accepted', id: '2' },
      { type: 'changed', kind: 'UPDATE', row: { id: '2', status: 'accepted' }, old: {} },
    );
    expect(friendGroups(next.list ?? []).friends.map((x) => x.otherId)).toEqual(['ann', 'bob']);
    expect(friendGroups(next.list ?? []).incoming).toEqual([]);
  });
  it('declining, cancelling or removing takes the entry away', () => {
    expect(ids(run(ready, { type: 'removed', id: '2' }))).toEqual(['1:accepted', '3:pending']);
    expect(
      ids(run(ready, { type: 'changed', kind: 'UPDATE', row: { id: '3', status: 'declined' }, old: {} })),
    ).toEqual(['1:accepted', '2:pending']);
    expect(ids(run(ready, { type: 'changed', kind: 'DELETE', row: {}, old: { id: '1' } }))).toEqual([
      '2:pending',
      '3:pending',
    ]);
  });
  it('leaves the list alone for a change it cannot fill in, and before the first read', () => {
    expect(
      run(ready, { type: 'changed', kind: 'INSERT', row: { id: '7', status: 'pending' }, old: {} }),
    ).toBe(ready);
    expect(run(initialFriends, { type: 'accepted', id: '1' }).list).toBeNull();
    expect(run(initialFriends, { type: 'removed', id: '1' }).list).toBeNull();
  });
  it('asks for a read only for a new or reopened request (its name is not in the row)', () => {
    expect(needsRead(ready, 'INSERT', { id: '7', status: 'pending' })).toBe(true);
    expect(needsRead(ready, 'UPDATE', { id: '7', status: 'accepted' })).toBe(true);
    expect(needsRead(ready, 'UPDATE', { id: '1', status: 'pending' })).toBe(true);
    expect(needsRead(ready, 'UPDATE', { id: '2', status: 'accepted' })).toBe(false);
    expect(needsRead(ready, 'UPDATE', { id: '2', status: 'pending' })).toBe(false);
    expect(needsRead(ready, 'UPDATE', { id: '2', status: 'declined' })).toBe(false);
    expect(needsRead(ready, 'DELETE', {})).toBe(false);
    expect(needsRead(initialFriends, 'UPDATE', { id: '2', status: 'accepted' })).toBe(true);
  });
});
