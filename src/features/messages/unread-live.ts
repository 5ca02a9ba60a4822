import { type LiveRefreshDeps, startLiveRefresh } from '~/lib/supabase/live-refresh.ts';

/**
 * Keeps the header's unread count fresh on EVERY page, without loading supabase-js for it, through
 * the header's one refresh mechanism (`startLiveRefresh`, shared with the profile re-read).
 * - Pages that load supabase-js anyway (community, profile, messages...): one postgres_changes
 *   subscription on the member's incoming messages through the page's one client; each change
 *   re-counts (a read mark is an UPDATE, a new message an INSERT).
 * - Every other page (content, shop): a tiny counting HEAD request (`refresh`) while the tab is
 *   visible, every 10 s, backing off to 60 s while nothing changes, back to 10 s after a change,
 *   stopped while the tab is hidden and run at once when it shows again. No websocket and no
 *   supabase-js there: about 0.5 KB gz of code, where supabase-js loaded after idle would add
 *   55 KB gz and a websocket per tab to every content page (budget 15 KB). A HEAD request with
 *   `Prefer: count=exact` on the partial index of unread messages costs ~1-2 ms on the server and
 *   a few hundred bytes on the wire; polling stops while the tab is hidden, so an open background
 *   tab costs nothing. The price: on content pages a new message shows within 10-60 s, not at once.
 */
export const POLL_FIRST_MS = 10_000;
export const POLL_MAX_MS = 60_000;
const BACKOFF = 1.5;

export type UnreadLiveDeps = LiveRefreshDeps & {
  /** Re-counts; resolves with the count (null when it could not be read). */
  refresh: () => Promise<number | null>;
  /** Counts at once; the live channel's first read takes that count (startLiveRefresh). */
  readAtStart?: boolean;
};

/** Starts the keeper for `userId`; the returned function stops it (sign-out, other member). */
export function startUnreadLive(
  userId: string,
  { refresh, readAtStart = false, ...deps }: UnreadLiveDeps,
): () => void {
  return startLiveRefresh(
    {
      refresh,
      readAtStart,
      watch: { table: 'messages', filter: `receiver_id=eq.${userId}` },
      firstMs: POLL_FIRST_MS,
      maxMs: POLL_MAX_MS,
      backoff: BACKOFF,
    },
    deps,
  );
}
