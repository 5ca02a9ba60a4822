import { type TypedSupabaseClient, whenSupabaseLoaded } from './client.ts';

/**
 * The ONE way to keep data live ("subscribe, then catch up"). Every live caller goes through
 * `startLive`; `startLiveRefresh` (the header's badge and profile) adds polling for pages that never
 * load supabase-js and uses `startLive` where they do.
 *
 * `startLive`:
 * 1. subscribes FIRST (one channel, `postgres_changes` on the given tables), joined with the
 *    member's token;
 * 2. THEN fetches the data, once the join is confirmed (SUBSCRIBED), so no change falls between the
 *    read and the subscription; if the channel cannot join (error, time-out, `joinWaitMs` passed)
 *    it fetches anyway and catches up when the channel does join;
 * 3. THEN applies the changes that arrived during the fetch, in order, and later ones as they come;
 * 4. on a reconnect (SUBSCRIBED again after CLOSED, CHANNEL_ERROR or TIMED_OUT) fetches again
 *    (`kind: 'catch-up'`), buffering changes meanwhile, so the caller reconciles;
 * 5. after `stop()` calls nothing back and removes the channel.
 * A fetch asked for while one runs is run once more after it (`refresh`), never twice at once.
 */
export type RowChange = {
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  /** The new row (empty for a delete). */
  record: Record<string, unknown>;
  /** The old row's primary key (for a delete; more with REPLICA IDENTITY FULL). */
  old: Record<string, unknown>;
};
export type FetchKind = 'initial' | 'catch-up';
export type LiveState = 'live' | 'lost';

export type LiveSpec<D> = {
  /** Tables to watch in schema public, with an optional row filter (`receiver_id=eq.x`). */
  tables: ReadonlyArray<{ table: string; filter?: string }>;
  fetch: (kind: FetchKind) => Promise<D>;
  onData: (data: D, kind: FetchKind) => void;
  onChange?: (change: RowChange) => void;
  /** 'live' on every (re)join, 'lost' when the channel fails or closes. */
  onState?: (state: LiveState) => void;
  onError?: (error: unknown, kind: FetchKind) => void;
  /** How long the first fetch waits for the join before it runs anyway (null: it waits). */
  joinWaitMs?: number | null;
};
export type LiveHandle = { stop: () => void; refresh: () => void };
/** The parts of supabase-js's client this module uses (a fake one in tests). */
export type LiveDb = Pick<TypedSupabaseClient, 'channel' | 'removeChannel' | 'realtime'>;

type Payload = {
  table: string;
  eventType: RowChange['type'];
  new?: Record<string, unknown>;
  old?: Record<string, unknown>;
};

export function startLive<D>(db: LiveDb, spec: LiveSpec<D>): LiveHandle {
  let stopped = false;
  let channel: ReturnType<LiveDb['channel']> | undefined;
  let hasData = false;
  let running = false;
  let again = false;
  let joined = false;
  let lost = false;
  let buffer: RowChange[] = [];

  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    const kind: FetchKind = hasData ? 'catch-up' : 'initial';
    spec.fetch(kind).then(
      (data) => {
        if (stopped) return;
        hasData = true;
        spec.onData(data, kind);
        finish();
      },
      (error: unknown) => {
        if (stopped) return;
        spec.onError?.(error, kind);
        // Without a first read there is nothing to apply the changes to: the retry reads them.
        if (!hasData) buffer = [];
        finish();
      },
    );
  };
  const finish = () => {
    running = false;
    const queued = buffer;
    buffer = [];
    for (const change of queued) spec.onChange?.(change);
    if (again) {
      again = false;
      run();
    }
  };
  const onPayload = (payload: Payload) => {
    if (stopped) return;
    const change: RowChange = {
      table: payload.table,
      type: payload.eventType,
      record: payload.new ?? {},
      old: payload.old ?? {},
    };
    if (running || !hasData) buffer.push(change);
    else spec.onChange?.(change);
  };
  const open = async () => {
    // Joined with the member's token, not the anon key: supabase-js hands its session to Realtime
    // asynchronously, and a join sent before that never gets it (RLS would hide every change).
    await db.realtime.setAuth();
    if (stopped) return;
    const ch = db.channel(`live-${Math.random().toString(36).slice(2, 10)}`);
    for (const { table, filter } of spec.tables) {
      ch.on(
        'postgres_changes' as never,
        { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) },
        onPayload as never,
      );
    }
    channel = ch;
    ch.subscribe((status) => {
      if (stopped) return;
      if (status === 'SUBSCRIBED') {
        joined = true;
        lost = false;
        spec.onState?.('live');
        // The first join starts the first read; a later one (or one after an early read) catches up.
        run();
      } else if (!lost) {
        lost = true;
        spec.onState?.('lost');
        if (!hasData && !joined) run();
      }
    });
  };
  void open().catch(() => {
    if (!stopped && !hasData) run();
  });
  const waitMs = spec.joinWaitMs === undefined ? 2000 : spec.joinWaitMs;
  const wait =
    waitMs === null
      ? undefined
      : setTimeout(() => {
          if (!joined && !hasData) run();
        }, waitMs);
  return {
    stop: () => {
      stopped = true;
      clearTimeout(wait);
      if (channel) void db.removeChannel(channel);
    },
    refresh: run,
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
  deps.whenLoaded((db) => {
    if (stopped) return;
    handle = startLive(db, {
      tables: [watch],
      fetch: read,
      onData: () => undefined,
      onChange: () => handle?.refresh(),
      // While the channel is live, polling rests; if it fails, polling takes over again.
      onState: (state) => {
        live = state === 'live';
        schedule();
      },
      // Polling keeps reading until the channel joins.
      joinWaitMs: null,
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
