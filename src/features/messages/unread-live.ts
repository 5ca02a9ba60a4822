import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';

/**
 * Keeps the header's unread count fresh on EVERY page, without loading supabase-js for it.
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

export type UnreadLiveDeps = {
  /** Re-counts; resolves with the count (null when it could not be read). */
  refresh: () => Promise<number | null>;
  /** Registers a callback for when the page's supabase-js client exists (never loads it). */
  whenLoaded: (use: (db: TypedSupabaseClient) => void) => void;
  isVisible: () => boolean;
  /** Listens for the tab being shown or hidden; returns the way to stop listening. */
  onVisibility: (listener: () => void) => () => void;
};

/** Starts the keeper for `userId`; the returned function stops it (sign-out, other member). */
export function startUnreadLive(userId: string, deps: UnreadLiveDeps): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = POLL_FIRST_MS;
  let last: number | null = null;
  let live = false;
  let unsubscribe: (() => void) | undefined;

  const count = async () => {
    const n = await deps.refresh();
    if (n !== null && n !== last) delay = POLL_FIRST_MS;
    else delay = Math.min(POLL_MAX_MS, Math.round(delay * BACKOFF));
    if (n !== null) last = n;
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || live || !deps.isVisible()) return;
    timer = setTimeout(() => {
      void count().finally(schedule);
    }, delay);
  };
  const stopListening = deps.onVisibility(() => {
    if (stopped) return;
    if (deps.isVisible()) {
      delay = POLL_FIRST_MS;
      void count().finally(schedule);
    } else {
      clearTimeout(timer);
    }
  });
  deps.whenLoaded((db) => {
    if (stopped) return;
    const channel = db
      .channel(`unread-${userId.slice(0, 8)}-${Math.random().toString(36).slice(2, 8)}`)
      .on(
        'postgres_changes' as never,
        { event: '*', schema: 'public', table: 'messages', filter: `receiver_id=eq.${userId}` },
        (() => void count()) as never,
      );
    channel.subscribe((status) => {
      // While the channel is live, polling rests; if it fails, polling takes over again.
      live = status === 'SUBSCRIBED';
      if (live) void count();
      schedule();
    });
    unsubscribe = () => void db.removeChannel(channel);
  });
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopListening();
    unsubscribe?.();
  };
}
