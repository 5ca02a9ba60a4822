import type { RestRead } from '~/lib/supabase/early.ts';

/**
 * The messages feature's first reads, as the page's inline script starts them early (before React
 * and the data client) and as its data module makes them (src/lib/supabase/early.ts): one
 * definition, so the two cannot drift.
 */

/** The whole conversation list in one call (my_conversations), newest first. */
export const conversationsRead = (): RestRead => ({ path: 'rpc/my_conversations', body: { max_rows: 200 } });

/** Rows per page of a thread. */
export const PAGE_SIZE = 30;

/** The newest page of a thread with `other` (older pages add the keyset in api.ts). */
export const threadRead = (other: string): RestRead => ({
  path: 'rpc/thread_messages',
  body: { other, max_rows: PAGE_SIZE },
});

/** The other member of a thread opened by its address (not in my list yet). */
export const personRead = (userId: string): RestRead => ({
  path: `profiles?select=user_id,display_name,avatar_url&user_id=eq.${encodeURIComponent(userId)}`,
});
