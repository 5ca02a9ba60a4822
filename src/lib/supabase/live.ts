import type { TypedSupabaseClient } from './client.ts';

/**
 * The ONE way to keep data live ("read, then join, then catch up"). Every live caller goes through
 * `startLive`; the header's keeper (`startLiveRefresh` in live-refresh.ts: unread badge, profile)
 * polls on pages that never load supabase-js and loads this module where they do.
 *
 * `startLive`:
 * 1. reads the data AT ONCE (`kind: 'initial'`): the first screen never waits for realtime-js to
 *    load or for a channel to join;
 * 2. once that first read has settled, subscribes (one channel, `postgres_changes` on the given
 *    tables), joined with the member's token: realtime-js loads only now, after the first content;
 * 3. on every join (SUBSCRIBED) reads again (`kind: 'catch-up'`), so a change made between the
 *    first read and the join is not lost, buffering changes meanwhile and applying them after the
 *    data, in order; later changes apply as they come;
 * 4. on a reconnect (SUBSCRIBED again after CLOSED, CHANNEL_ERROR or TIMED_OUT) the same catch-up,
 *    so the caller reconciles; a first read that failed is retried on the join;
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
  let lost = false;
  let opened = false;
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
    if (!opened) {
      // The first read is on screen (or failed): now the channel, and realtime-js with it.
      opened = true;
      void open().catch(() => undefined);
    }
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
        lost = false;
        spec.onState?.('live');
        // Every join reads again: what changed before it (or since a lost connection) is caught up.
        run();
      } else if (!lost) {
        lost = true;
        spec.onState?.('lost');
      }
    });
  };
  run();
  return {
    stop: () => {
      stopped = true;
      if (channel) void db.removeChannel(channel);
    },
    refresh: run,
  };
}
