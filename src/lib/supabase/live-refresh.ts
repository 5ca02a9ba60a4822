import { type TypedSupabaseClient, whenSupabaseLoaded } from './client.ts';

/**
 * The ONE way the header keeps a piece of the member's data fresh on a page left open (the unread
 * badge, the member's own profile), without ever loading supabase-js for it:
 * - pages that load supabase-js anyway: one postgres_changes subscription on the watched rows
 *   through the page's one client (`whenSupabaseLoaded`), joined with the member's token; each change re-reads, and polling rests
 *   while the channel is subscribed (it takes over again if the channel fails);
 * - every other page: `refresh` (a tiny PostgREST request) while the tab is visible, first after
 *   `firstMs`, backing off by `backoff` up to `maxMs` while nothing changes and back to `firstMs`
 *   after a change; stopped while the tab is hidden, run at once when it shows again (background
 *   timers are throttled anyway, and a hidden tab should cost nothing).
 */
export type LiveRefreshDeps = {
  /** Registers a callback for when the page's supabase-js client exists (never loads it). */
  whenLoaded: (use: (db: TypedSupabaseClient) => void) => void;
  isVisible: () => boolean;
  /** Listens for the tab being shown or hidden; returns the way to stop listening. */
  onVisibility: (listener: () => void) => () => void;
};

export type LiveRefreshOptions = {
  /** Re-reads; resolves with a value that differs when the data changed (null: could not read). */
  refresh: () => Promise<string | number | null>;
  /** The rows to watch live where supabase-js is loaded (schema public). */
  watch: { table: string; filter: string };
  firstMs: number;
  maxMs: number;
  backoff: number;
};

/** The browser's page client, visibility and focus: what the header uses outside tests. */
export const browserDeps: LiveRefreshDeps = {
  whenLoaded: whenSupabaseLoaded,
  isVisible: () => document.visibilityState === 'visible',
  onVisibility: (listener) => {
    document.addEventListener('visibilitychange', listener);
    window.addEventListener('focus', listener);
    return () => {
      document.removeEventListener('visibilitychange', listener);
      window.removeEventListener('focus', listener);
    };
  },
};

/** Starts keeping one piece of data fresh; the returned function stops it (sign-out, other member). */
export function startLiveRefresh(
  options: LiveRefreshOptions,
  deps: LiveRefreshDeps = browserDeps,
): () => void {
  const { refresh, watch, firstMs, maxMs, backoff } = options;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = firstMs;
  let last: string | number | null = null;
  let live = false;
  let unsubscribe: (() => void) | undefined;

  const read = async () => {
    const value = await refresh().catch(() => null);
    if (value !== null && value !== last) delay = firstMs;
    else delay = Math.min(maxMs, Math.round(delay * backoff));
    if (value !== null) last = value;
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || live || !deps.isVisible()) return;
    timer = setTimeout(() => {
      void read().finally(schedule);
    }, delay);
  };
  const stopListening = deps.onVisibility(() => {
    if (stopped) return;
    if (deps.isVisible()) {
      delay = firstMs;
      void read().finally(schedule);
    } else {
      clearTimeout(timer);
    }
  });
  const subscribe = async (db: TypedSupabaseClient) => {
    // The channel must join with the member's token, not the anon key: supabase-js hands its
    // session to Realtime asynchronously, and a join sent before that never gets it (RLS would
    // then hide every change). The messages page does the same (usePresence).
    await db.realtime.setAuth();
    if (stopped) return;
    const channel = db
      .channel(`${watch.table}-${Math.random().toString(36).slice(2, 10)}`)
      .on(
        'postgres_changes' as never,
        { event: '*', schema: 'public', table: watch.table, filter: watch.filter },
        (() => void read()) as never,
      );
    channel.subscribe((status) => {
      // While the channel is live, polling rests; if it fails, polling takes over again.
      live = status === 'SUBSCRIBED';
      if (live) void read();
      schedule();
    });
    unsubscribe = () => void db.removeChannel(channel);
  };
  deps.whenLoaded((db) => {
    if (!stopped) void subscribe(db).catch(() => undefined);
  });
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopListening();
    unsubscribe?.();
  };
}
