import type { TypedSupabaseClient } from './client.ts';

/**
 * The ONE way to keep data live ("subscribe, then catch up"). Every live caller goes through
 * `startLive`; the header's keeper (`startLiveRefresh` in live-refresh.ts: unread badge, profile)
 * polls on pages that never load supabase-js and loads this module where they do.
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
    // Loads realtime-js (the page's first live use does) and joins with the member's token, not the
    // anon key: a join sent before realtime holds the token never gets it (RLS would hide every change).
    await db.realtime.setAuth();
    if (stopped) return;
    // Named after its first table (`profiles-x1y2z3`), unique per subscriber.
    const ch = db.channel(`${spec.tables[0]?.table ?? 'live'}-${Math.random().toString(36).slice(2, 10)}`);
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
