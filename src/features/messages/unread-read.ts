import type { RestRead } from '~/lib/supabase/early.ts';

/**
 * The header badge's count of the member's unread messages (HEAD, on the partial index), as a
 * signed-in page's inline script starts it early and as unread-badge.ts makes it (one definition;
 * src/lib/supabase/early.ts). A file of its own: the page shell carries it on every page.
 */
export const unreadMessagesRead = (me: string): RestRead => ({
  path: `messages?select=id&read=is.false&receiver_id=eq.${encodeURIComponent(me)}`,
  count: true,
});
