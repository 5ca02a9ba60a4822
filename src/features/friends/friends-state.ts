import type { Friendship } from './friends-data.ts';

/**
 * My friendships and open requests, and every way they change, as one pure reducer (no React, no
 * supabase): a read replaces the list; a changed friendship row (the other side's, live, or my own
 * accept, decline, cancel or remove) applies to the entry with its id, so a change that arrives
 * twice (my action and its live echo) ends the same. A row the list does not show (a new request,
 * whose name the row lacks) leaves the state as it is: the caller reads again.
 */
export type FriendsState = { list: Friendship[] | null; failed: boolean };
/** A friendship row as the live channel delivers it (a delete carries only the id, in `old`). */
type FriendshipRow = { id?: unknown; status?: unknown };
export type FriendsAction =
  | { type: 'loaded'; list: Friendship[] }
  | { type: 'failed' }
  | { type: 'changed'; kind: 'INSERT' | 'UPDATE' | 'DELETE'; row: FriendshipRow; old?: FriendshipRow };

export const initialFriends: FriendsState = { list: null, failed: false };

export function friendsReducer(state: FriendsState, action: FriendsAction): FriendsState {
  if (action.type === 'loaded') return { list: action.list, failed: false };
  if (action.type === 'failed') return { ...state, failed: true };
  const { kind, row, old } = action;
  const id = kind === 'DELETE' ? old?.id : row.id;
  const list = state.list;
  if (!list?.some((f) => f.id === id)) return state;
  if (kind === 'DELETE' || row.status === 'declined')
    return { ...state, list: list.filter((f) => f.id !== id) };
  if (row.status !== 'accepted') return state;
  return { ...state, list: list.map((f) => (f.id === id ? { ...f, status: 'accepted' } : f)) };
}
