import type { MessageKey } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';

export type Friendship = {
  id: string;
  otherId: string;
  otherName: string;
  otherAvatar: string | null;
  status: 'pending' | 'accepted' | 'declined';
  /** incoming: they asked me; outgoing: I asked them. */
  direction: 'incoming' | 'outgoing';
};
export type FriendAction = 'send' | 'accept' | 'decline' | 'remove' | 'cancel';
/** Friendship status as a profile shows it. */
export type PairStatus = 'self' | 'none' | 'outgoing' | 'incoming' | 'friends';

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
export async function fetchFriendships(
  db: TypedSupabaseClient,
  me: string,
  unknownName: string,
): Promise<Friendship[]> {
  const { data, error } = await db
    .from('friendships')
    .select(
      'id, requester_id, addressee_id, status, requester:profiles!friendships_requester_id_fkey(display_name, avatar_url), addressee:profiles!friendships_addressee_id_fkey(display_name, avatar_url)',
    )
    .in('status', ['pending', 'accepted'])
    .order('created_at', { ascending: false });
  if (error) throw error;
  return (data as unknown as Row[]).map((row) => {
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

/** What the pair looks like from my side. */
export function pairStatus(me: string, other: string, list: Friendship[]): PairStatus {
  if (me === other) return 'self';
  const f = list.find((x) => x.otherId === other);
  if (!f) return 'none';
  if (f.status === 'accepted') return 'friends';
  return f.direction;
}

/** Runs a friendship transition through its database function. */
export async function friendAction(
  db: TypedSupabaseClient,
  action: FriendAction,
  f: { id?: string; otherId: string },
) {
  const { error } =
    action === 'send'
      ? await db.rpc('send_friend_request', { target_id: f.otherId })
      : action === 'accept'
        ? await db.rpc('accept_friend_request', { request_id: f.id ?? '' })
        : action === 'decline'
          ? await db.rpc('decline_friend_request', { request_id: f.id ?? '' })
          : await db.rpc('remove_friend', { other_id: f.otherId });
  if (error) throw error;
}

export const SUCCESS_KEY: Record<FriendAction, MessageKey> = {
  send: 'friends.sent',
  accept: 'friends.accepted',
  decline: 'friends.declined',
  remove: 'friends.removed',
  cancel: 'friends.cancelled',
};
