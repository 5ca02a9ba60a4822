import { type TypedSupabaseClient, whenSupabaseLoaded } from './client.ts';
import type { LiveDb, LiveHandle, LiveSpec } from './live.ts';

/**
 * The door to the one live helper (`startLive` in live.ts), for every caller: it loads the helper
 * with the first use, beside the page's client, so no page counts it before it needs it (a caller
 * may load its spec the same way, in parallel; realtime-js follows once the first read is on
 * screen); `stop` before they arrived means it never starts.
 */
export function openLive<D>(db: LiveDb, spec: LiveSpec<D> | Promise<LiveSpec<D>>): LiveHandle {
  let handle: LiveHandle | undefined;
  let stopped = false;
  void Promise.all([import('./live.ts'), spec]).then(([{ startLive }, ready]) => {
    if (!stopped) handle = startLive(db, ready);
  });
  return {
    stop: () => {
      stopped = true;
      handle?.stop();
    },
    refresh: () => handle?.refresh(),
  };
}

/**
 * The header's badge and profile: kept fresh on a page left open, without ever loading supabase-js
 * for it:
 * - pages that load supabase-js anyway: `startLive` on the watched rows through the page's one
 *   client (`whenSupabaseLoaded`); each change re-reads, and polling rests while the channel is
 *   joined (it takes over again if the channel fails);
 * - every other page: `refresh` (a tiny PostgREST request) while the tab is visible, first after
 *   `firstMs`, backing off by `backoff` up to `maxMs` while nothing changes and back to `firstMs`
 *   after a change; stopped while the tab is hidden, run at once when it shows again.
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
  /**
   * Read at once (the header's counts: the page's early answer, src/lib/supabase/early.ts); the live
   * helper's first read then takes this one instead of asking again, so a page reads each count once
   * before its channel joins (the join's catch-up follows, so no change before it is lost).
   */
  readAtStart?: boolean;
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
  let handle: LiveHandle | undefined;
  let running: Promise<void> | undefined;

  const readOnce = async () => {
    const value = await refresh().catch(() => null);
    if (value !== null && value !== last) delay = firstMs;
    else delay = Math.min(maxMs, Math.round(delay * backoff));
    if (value !== null) last = value;
  };
  // A read asked for while one is under way (the tab shown and focused at once) shares it.
  const read = (): Promise<void> => {
    running ??= readOnce().finally(() => {
      running = undefined;
    });
    return running;
  };
  let first = options.readAtStart ? read() : undefined;
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
  deps.whenLoaded((db) => {
    if (stopped) return;
    handle = openLive(db, {
      tables: [watch],
      // The first read of the live helper is the one made at start, when there was one.
      fetch: (kind) => {
        const taken = kind === 'initial' ? first : undefined;
        first = undefined;
        return taken ?? read();
      },
      onData: () => undefined,
      onChange: () => handle?.refresh(),
      // While the channel is live, polling rests; if it fails, polling takes over again.
      onState: (state) => {
        live = state === 'live';
        schedule();
      },
    });
  });
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopListening();
    handle?.stop();
  };
}
