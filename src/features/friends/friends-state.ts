import type { Friendship } from './friends-data.ts';

/**
 * My friendships and open requests, and every way they change, as one pure reducer (no React, no
 * supabase): loaded lists, my own transitions (accept, decline, cancel, remove) and the other
 * side's, arriving live as friendship rows. One entry per pair, whatever arrives twice.
 */
export type FriendsState = { list: Friendship[] | null; failed: boolean };
/** A friendship row as the live channel delivers it (a delete carries only the id). */
export type FriendshipRow = { id?: unknown; status?: unknown };
export type FriendsAction =
  | { type: 'loaded'; list: Friendship[] }
  | { type: 'failed' }
  | { type: 'accepted'; id: string }
  /** Declined, cancelled or removed: the request or friendship is gone. */
  | { type: 'removed'; id: string }
  | { type: 'changed'; kind: 'INSERT' | 'UPDATE' | 'DELETE'; row: FriendshipRow; old: FriendshipRow };

export const initialFriends: FriendsState = { list: null, failed: false };

/** One entry per pair (the newest first wins), as the lists show them. */
function unique(list: Friendship[]): Friendship[] {
  const seen = new Set<string>();
  return list.filter((f) => !seen.has(f.otherId) && !!seen.add(f.otherId));
}

/** Whether a live row changes what is shown in a way the reducer cannot fill in (names): read again. */
export function needsRead(state: FriendsState, kind: 'INSERT' | 'UPDATE' | 'DELETE', row: FriendshipRow) {
  if (kind === 'DELETE' || row.status === 'declined') return false;
  const known = state.list?.find((f) => f.id === row.id);
  return !known || (row.status !== known.status && row.status !== 'accepted');
}

export function friendsReducer(state: FriendsState, action: FriendsAction): FriendsState {
  const without = (id: unknown) => ({ ...state, list: state.list?.filter((f) => f.id !== id) ?? null });
  switch (action.type) {
    case 'loaded':
      return { list: unique(action.list), failed: false };
    case 'failed':
      return { ...state, failed: true };
    case 'accepted':
      return {
        ...state,
        list:
          state.list?.map((f) => (f.id === action.id ? { ...f, status: 'accepted' as const } : f)) ?? null,
      };
    case 'removed':
      return without(action.id);
    case 'changed': {
      const { kind, row, old } = action;
      if (kind === 'DELETE') return without(old.id);
      if (row.status === 'declined') return without(row.id);
      if (row.status === 'accepted') return friendsReducer(state, { type: 'accepted', id: String(row.id) });
      return state;
    }
  }
}

/** The three lists of the friends page. */
export function friendGroups(list: Friendship[]) {
  return {
    friends: list.filter((f) => f.status === 'accepted'),
    incoming: list.filter((f) => f.status === 'pending' && f.direction === 'incoming'),
    outgoing: list.filter((f) => f.status === 'pending' && f.direction === 'outgoing'),
  };
}
