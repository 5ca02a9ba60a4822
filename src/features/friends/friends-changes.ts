import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { readWith } from '~/lib/supabase/early.ts';
import type { LiveSpec } from '~/lib/supabase/live.ts';
import { type Friendship, friendshipsRead } from './friends-data.ts';
import { type FriendsAction, type FriendsState, friendsReducer } from './friends-state.ts';

type Person = { display_name: string | null; avatar_url: string | null } | null;
type Row = {
  id: string;
  requester_id: string;
  addressee_id: string;
  status: Friendship['status'];
  requester: Person;
  addressee: Person;
};

/** My friendships and open requests (the database shows only the pairs I am part of). */
async function fetchFriendships(
  db: TypedSupabaseClient,
  me: string,
  unknownName: string,
): Promise<Friendship[]> {
  const data = await readWith<Row[]>(db, friendshipsRead());
  return data.map((row) => {
    const outgoing = row.requester_id === me;
    const other = outgoing ? row.addressee : row.requester;
    return {
      id: row.id,
      otherId: outgoing ? row.addressee_id : row.requester_id,
      otherName: other?.display_name || unknownName,
      otherAvatar: other?.avatar_url ?? null,
      status: row.status,
      direction: outgoing ? 'outgoing' : 'incoming',
    };
  });
}

export type FriendsContext = {
  db: TypedSupabaseClient;
  me: string;
  unknownName: string;
  /** The state as last rendered. */
  state: () => FriendsState;
  dispatch: (action: FriendsAction) => void;
  /** Reads the list again (through the live helper). */
  read: () => void;
};

/**
 * What the friends list reads and how a live friendship row becomes an action, for the one live
 * helper (RLS delivers only my pairs). Loaded with the helper, after the first screen. A row the
 * list cannot take as it is (a new request: its name is not in the row) is read again instead.
 */
export function friendsSpec(ctx: FriendsContext): LiveSpec<Friendship[]> {
  const { db, me, unknownName, state, dispatch, read } = ctx;
  return {
    tables: [{ table: 'friendships' }],
    fetch: () => fetchFriendships(db, me, unknownName),
    onData: (list) => dispatch({ type: 'loaded', list }),
    onChange: ({ type, record, old }) => {
      const change: FriendsAction = { type: 'changed', kind: type, row: record, old };
      if (friendsReducer(state(), change) === state()) read();
      else dispatch(change);
    },
    onError: () => dispatch({ type: 'failed' }),
  };
}
