import type { RestRead } from '~/lib/supabase/early.ts';

/**
 * The header bell's count, as a signed-in page's inline script starts it early and as the bell
 * makes it (src/lib/supabase/early.ts): one definition. HEAD, on the partial index of unread
 * notifications per recipient.
 */
export const unreadNotificationsRead = (me: string): RestRead => ({
  path: `notifications?select=id&read_at=is.null&recipient_id=eq.${encodeURIComponent(me)}`,
  count: true,
});
