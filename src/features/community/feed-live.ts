import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { FeedComment } from './feed-data.ts';

export type Change =
  | { table: string; type: 'INSERT' | 'UPDATE'; record: Record<string, unknown>; oldId: string }
  | { table: string; type: 'DELETE'; record: Record<string, unknown>; oldId: string };

type Payload = {
  table: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Record<string, unknown>;
  old: Record<string, unknown>;
};

/**
 * The feed's ONE realtime channel: posts, comments, likes and the marks of content hidden by
 * reports (`hidden_content`: a post hidden by its second report changes no row the others may
 * still read, so the mark is what tells them). The server delivers a row only to those whose RLS
 * lets them read it (blocks and hidden posts included). `onState` hears 'live'
 * on every (re)join and 'lost' when the channel fails, so the caller can catch up.
 */
export function subscribeFeed(
  db: TypedSupabaseClient,
  onChange: (change: Change) => void | Promise<void>,
  onState: (state: 'live' | 'lost') => void,
): () => void {
  const handle = (payload: Payload) => {
    const change = {
      table: payload.table,
      type: payload.eventType,
      record: payload.new ?? {},
      oldId: String(payload.old?.['id'] ?? ''),
    } as Change;
    void Promise.resolve(onChange(change)).catch(() => {
      // A failed follow-up read is caught up by the next reconnect or reload.
    });
  };
  const channel = db.channel(`community-feed-${crypto.randomUUID().slice(0, 8)}`);
  for (const table of ['posts', 'comments', 'likes', 'hidden_content']) {
    channel.on('postgres_changes' as never, { event: '*', schema: 'public', table }, handle as never);
  }
  channel.subscribe((status) => {
    if (status === 'SUBSCRIBED') onState('live');
    else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') onState('lost');
  });
  return () => {
    void db.removeChannel(channel);
  };
}

/** Adds comments to the per-post lists, oldest first, never twice. */
export function mergeComments(
  lists: Record<string, FeedComment[]>,
  added: FeedComment[],
): Record<string, FeedComment[]> {
  const next = { ...lists };
  for (const c of added) {
    const list = next[c.postId] ?? [];
    if (list.some((o) => o.id === c.id)) continue;
    next[c.postId] = [...list, c].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }
  return next;
}

/** Removes a comment wherever it is; the same object back when it was not there. */
export function removeComment(
  lists: Record<string, FeedComment[]>,
  id: string,
): Record<string, FeedComment[]> {
  const postId = Object.keys(lists).find((key) => lists[key]?.some((c) => c.id === id));
  if (!postId) return lists;
  return { ...lists, [postId]: (lists[postId] ?? []).filter((c) => c.id !== id) };
}
