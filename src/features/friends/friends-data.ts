import type { MessageKey } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { RestRead } from '~/lib/supabase/early.ts';

/**
 * My friendships and open requests, newest first (RLS shows only the pairs I am part of); /friends
 * starts this read early (friends-page.ts, src/lib/supabase/early.ts), friends-changes.ts makes it.
 */
export const friendshipsRead = (): RestRead => ({
  path: `friendships?${new URLSearchParams({
    select:
      'id,requester_id,addressee_id,status,requester:profiles!friendships_requester_id_fkey(display_name,avatar_url),addressee:profiles!friendships_addressee_id_fkey(display_name,avatar_url)',
    status: 'in.(pending,accepted)',
    order: 'created_at.desc',
  })}`,
});

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
