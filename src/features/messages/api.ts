import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { readWith } from '~/lib/supabase/early.ts';
import type { MessageRow } from './model.ts';
import { conversationsRead, PAGE_SIZE, personRead, threadRead } from './reads.ts';

/** The messages feature's one data module: every query and mutation the islands make. */

export type Conversation = {
  other_id: string;
  display_name: string | null;
  avatar_url: string | null;
  last_message_id: string;
  last_content: string | null;
  last_sender_id: string | null;
  last_deleted: boolean;
  last_at: string;
  unread_count: number;
};
export type Person = { user_id: string; display_name: string | null; avatar_url: string | null };

export { PAGE_SIZE };

/** The whole conversation list in one call (my_conversations), newest first. */
export async function listConversations(db: TypedSupabaseClient): Promise<Conversation[]> {
  // The page's inline script may have started this read already (reads.ts, early.ts).
  return (await readWith<Conversation[] | null>(db, conversationsRead())) ?? [];
}

/** One page of a thread, newest first, before the given message (keyset on created_at, id). */
export async function loadThread(
  db: TypedSupabaseClient,
  other: string,
  before?: { created_at: string; id: string },
): Promise<MessageRow[]> {
  // The newest page may have been started early (reads.ts); older pages add the keyset.
  if (!before) return (await readWith<MessageRow[] | null>(db, threadRead(other))) ?? [];
  const { data, error } = await db.rpc('thread_messages', {
    other,
    max_rows: PAGE_SIZE,
    before_at: before.created_at,
    before_id: before.id,
  });
  if (error) throw error;
  return (data ?? []) as MessageRow[];
}

export async function findPerson(db: TypedSupabaseClient, userId: string): Promise<Person | null> {
  const [person] = await readWith<Person[]>(db, personRead(userId));
  return person ?? null;
}

/**
 * Whether the database would take a message from me to `other` now: `yes`, `friendsOnly` (a member
 * who accepts messages from friends only) or `gone` (no such member, or one in a block with me,
 * told alike, as a reload tells it: may_message says no for a block too, and the profile is hidden).
 */
export async function messagingStatus(
  db: TypedSupabaseClient,
  other: string,
): Promise<'yes' | 'friendsOnly' | 'gone'> {
  const { data: may, error } = await db.rpc('may_message', { receiver: other });
  if (error) throw error;
  if (may === true) return 'yes';
  // Read now, not the page's early read: a block may have arrived since the page loaded.
  const { data: person, error: missing } = await db
    .from('profiles')
    .select('user_id')
    .eq('user_id', other)
    .maybeSingle();
  if (missing) throw missing;
  return person ? 'friendsOnly' : 'gone';
}

/** Sends with the id the optimistic copy already has, so a retry can never send twice. */
export async function sendMessage(
  db: TypedSupabaseClient,
  message: { id: string; sender_id: string; receiver_id: string; content: string },
): Promise<{ row: MessageRow | null; error: { message: string; code?: string } | null }> {
  const { data, error } = await db.from('messages').insert(message).select('*').maybeSingle();
  // 23505: an earlier attempt did arrive; the message is sent.
  if (error?.code === '23505') return { row: null, error: null };
  return { row: (data as MessageRow | null) ?? null, error };
}

export async function markConversationRead(db: TypedSupabaseClient, other: string): Promise<void> {
  const { error } = await db.rpc('mark_conversation_read', { other });
  if (error) throw error;
}

export async function deleteMessage(db: TypedSupabaseClient, id: string): Promise<void> {
  const { error } = await db.rpc('delete_message', { message_id: id });
  if (error) throw error;
}

export async function readPrivacy(db: TypedSupabaseClient, me: string): Promise<'everyone' | 'friends'> {
  const { data, error } = await db.from('profiles').select('message_privacy').eq('user_id', me).maybeSingle();
  if (error) throw error;
  return data?.message_privacy === 'friends' ? 'friends' : 'everyone';
}

export async function savePrivacy(db: TypedSupabaseClient, me: string, value: 'everyone' | 'friends') {
  const { error } = await db.from('profiles').update({ message_privacy: value }).eq('user_id', me);
  if (error) throw error;
}
