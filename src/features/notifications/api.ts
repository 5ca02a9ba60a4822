import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { afterCursor, NOTIFICATION_COLUMNS, type NotificationRow } from './model.ts';

export type Page = { rows: NotificationRow[]; more: boolean };

/** One keyset page of my notifications, newest activity first (after `after` when given). */
export async function readPage(
  db: TypedSupabaseClient,
  me: string,
  size: number,
  after?: NotificationRow,
): Promise<Page> {
  let query = db
    .from('notifications')
    .select(NOTIFICATION_COLUMNS)
    .eq('recipient_id', me)
    .order('last_event_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(size + 1);
  if (after) query = query.or(afterCursor(after));
  const { data, error } = await query;
  if (error) throw error;
  const rows = (data ?? []) as unknown as NotificationRow[];
  return { rows: rows.slice(0, size), more: rows.length > size };
}

/** Marks the given notifications read, or all of mine when `ids` is undefined; true when it worked. */
export async function markRead(db: TypedSupabaseClient, ids?: string[]): Promise<boolean> {
  const { error } = await db.rpc('mark_notifications_read', ids ? { ids } : {});
  return !error;
}
