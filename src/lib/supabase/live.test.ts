import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchKind, type LiveDb, type LiveSpec, type RowChange, startLive } from './live.ts';

type Status = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'CLOSED' | 'TIMED_OUT';
type Payload = { table: string; eventType: RowChange['type']; new?: object; old?: object };

/** A fake supabase-js client whose one channel has RealtimeChannel's shape (`on`, `subscribe`). */
function fakeDb() {
  const handlers: Array<{ type: string; opts: unknown; cb: (p: Payload) => void }> = [];
  let status: ((s: Status) => void) | undefined;
  const calls: string[] = [];
  const channel = {
    on(type: string, opts: unknown, cb: (p: Payload) => void) {
      handlers.push({ type, opts, cb });
      return channel;
    },
    subscribe(cb: (s: Status) => void) {
      calls.push('subscribe');
      status = cb;
      return channel;
    },
  };
  const removeChannel = vi.fn(async () => 'ok');
  const setAuth = vi.fn(async () => {
    calls.push('setAuth');
  });
  const db = {
    channel: vi.fn(() => {
      calls.push('channel');
      return channel;
    }),
    removeChannel,
    realtime: { setAuth },
  } as unknown as LiveDb;
  return {
    db,
    calls,
    handlers,
    removeChannel,
    status: (s: Status) => status?.(s),
    emit: (table: string, eventType: RowChange['type'], row: object, old: object = {}) => {
      for (const h of handlers)
        if ((h.opts as { table: string }).table === table) h.cb({ table, eventType, new: row, old });
    },
  };
}

/** A fetch whose answers the test releases one by one. */
function deferredFetch() {
  const waiting: Array<{ kind: FetchKind; resolve: (v: string) => void; reject: (e: unknown) => void }> = [];
  const fetch = vi.fn(
    (kind: FetchKind) =>
      new Promise<string>((resolve, reject) => {
        waiting.push({ kind, resolve, reject });
      }),
  );
  return {
    fetch,
    waiting,
    resolve: async (value: string) => {
      waiting.shift()?.resolve(value);
      await vi.advanceTimersByTimeAsync(0);
    },
    reject: async (error: unknown) => {
      waiting.shift()?.reject(error);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

function setup(extra: Partial<LiveSpec<string>> = {}) {
  const fake = fakeDb();
  const f = deferredFetch();
  const log: string[] = [];
  const spec: LiveSpec<string> = {
    tables: [{ table: 'posts' }, { table: 'messages', filter: 'receiver_id=eq.me' }],
    fetch: f.fetch,
    onData: (data, kind) => log.push(`data:${kind}:${data}`),
    onChange: (c) => log.push(`change:${c.table}:${c.type}:${String(c.record['id'] ?? c.old['id'])}`),
    onState: (s) => log.push(`state:${s}`),
    onError: (e, kind) => log.push(`error:${kind}:${String(e)}`),
    ...extra,
  };
  const handle = startLive(fake.db, spec);
  return { ...fake, ...f, log, handle };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

/** Starts the helper and lets its first read settle with `first`, so the channel is open. */
async function joined(extra: Partial<LiveSpec<string>> = {}, first = 'A') {
  const h = setup(extra);
  await h.resolve(first);
  await settle();
  h.status('SUBSCRIBED');
  return h;
}

describe('startLive: read at once, then join, then catch up and apply changes in order', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads at once, and loads realtime and opens the channel only after the first read', async () => {
    const h = setup();
    expect(h.fetch).toHaveBeenCalledTimes(1);
    expect(h.fetch).toHaveBeenCalledWith('initial');
    await settle();
    expect(h.calls).toEqual([]);
    await h.resolve('A');
    expect(h.log).toEqual(['data:initial:A']);
    await settle();
    expect(h.calls).toEqual(['setAuth', 'channel', 'subscribe']);
    expect((h.db.channel as unknown as ReturnType<typeof vi.fn>).mock.calls[0]?.[0]).toMatch(
      /^posts-[a-z0-9]+$/,
    );
    expect(h.handlers.map((x) => [x.type, x.opts])).toEqual([
      ['postgres_changes', { event: '*', schema: 'public', table: 'posts' }],
      ['postgres_changes', { event: '*', schema: 'public', table: 'messages', filter: 'receiver_id=eq.me' }],
    ]);
  });

  it('catches up on the join (what changed between the read and the join is not lost)', async () => {
    const h = await joined();
    expect(h.fetch).toHaveBeenCalledTimes(2);
    expect(h.fetch).toHaveBeenLastCalledWith('catch-up');
    h.emit('posts', 'UPDATE', { id: '2' }); // during the catch-up
    h.emit('messages', 'DELETE', {}, { id: '3' });
    expect(h.log).toEqual(['data:initial:A', 'state:live']);
    await h.resolve('B');
    expect(h.log).toEqual([
      'data:initial:A',
      'state:live',
      'data:catch-up:B',
      'change:posts:UPDATE:2',
      'change:messages:DELETE:3',
    ]);
    h.emit('posts', 'DELETE', {}, { id: '4' }); // later: at once
    expect(h.log.at(-1)).toBe('change:posts:DELETE:4');
    expect(h.fetch).toHaveBeenCalledTimes(2);
  });

  it('hands a change over with its table, type, new row and old key', async () => {
    const seen: RowChange[] = [];
    const h = await joined({ onChange: (c) => seen.push(c) });
    await h.resolve('B');
    h.emit('posts', 'DELETE', {}, { id: 'x' });
    h.handlers[0]?.cb({ table: 'posts', eventType: 'INSERT' });
    expect(seen).toEqual([
      { table: 'posts', type: 'DELETE', record: {}, old: { id: 'x' } },
      { table: 'posts', type: 'INSERT', record: {}, old: {} },
    ]);
  });

  it('catches up after a reconnect, buffering what arrives meanwhile', async () => {
    const h = await joined();
    await h.resolve('B');
    h.status('CHANNEL_ERROR');
    h.status('CLOSED'); // one 'lost', however the channel reports it
    expect(h.fetch).toHaveBeenCalledTimes(2);
    h.status('SUBSCRIBED');
    expect(h.fetch).toHaveBeenCalledTimes(3);
    expect(h.fetch).toHaveBeenLastCalledWith('catch-up');
    h.emit('posts', 'INSERT', { id: '5' });
    expect(h.log.at(-1)).toBe('state:live');
    await h.resolve('C');
    expect(h.log).toEqual([
      'data:initial:A',
      'state:live',
      'data:catch-up:B',
      'state:lost',
      'state:live',
      'data:catch-up:C',
      'change:posts:INSERT:5',
    ]);
  });

  it('reports a time-out as lost and catches up on the next join', async () => {
    const h = await joined();
    await h.resolve('B');
    h.status('TIMED_OUT');
    h.status('SUBSCRIBED');
    await h.resolve('C');
    expect(h.log.slice(2)).toEqual(['data:catch-up:B', 'state:lost', 'state:live', 'data:catch-up:C']);
  });

  it('runs a fetch asked for during another once more afterwards, never two at once', async () => {
    const h = setup();
    h.handle.refresh();
    h.handle.refresh();
    expect(h.fetch).toHaveBeenCalledTimes(1);
    await h.resolve('A');
    expect(h.fetch).toHaveBeenCalledTimes(2);
    expect(h.fetch).toHaveBeenLastCalledWith('catch-up');
    await h.resolve('B');
    expect(h.fetch).toHaveBeenCalledTimes(2);
    expect(h.log).toEqual(['data:initial:A', 'data:catch-up:B']);
  });

  it('keeps the first data when the channel cannot join, and catches up once it does', async () => {
    const h = setup();
    await h.resolve('A');
    await settle();
    h.status('CHANNEL_ERROR');
    expect(h.fetch).toHaveBeenCalledTimes(1);
    expect(h.log).toEqual(['data:initial:A', 'state:lost']);
    h.status('SUBSCRIBED');
    expect(h.fetch).toHaveBeenLastCalledWith('catch-up');
  });

  it('reports a failed first read, still opens the channel, and reads again (initial) on the join', async () => {
    const h = setup();
    await h.reject('offline');
    expect(h.log).toEqual(['error:initial:offline']);
    await settle();
    expect(h.calls).toEqual(['setAuth', 'channel', 'subscribe']);
    h.status('SUBSCRIBED');
    expect(h.fetch).toHaveBeenLastCalledWith('initial');
    h.emit('posts', 'INSERT', { id: 'during-retry' });
    await h.resolve('A');
    expect(h.log.slice(1)).toEqual(['state:live', 'data:initial:A', 'change:posts:INSERT:during-retry']);
  });

  it('drops the changes buffered for a first read that failed, and reads again on refresh', async () => {
    const h = setup();
    await h.reject('offline');
    await settle();
    h.handle.refresh();
    h.emit('posts', 'INSERT', { id: 'lost-with-the-read' });
    await h.reject('offline');
    expect(h.log).toEqual(['error:initial:offline', 'error:initial:offline']);
    h.handle.refresh();
    await h.resolve('A');
    expect(h.log.at(-1)).toBe('data:initial:A');
  });

  it('keeps the data and applies buffered changes when a catch-up fails', async () => {
    const h = await joined();
    h.emit('posts', 'UPDATE', { id: '7' });
    await h.reject('offline');
    expect(h.log).toEqual([
      'data:initial:A',
      'state:live',
      'error:catch-up:offline',
      'change:posts:UPDATE:7',
    ]);
  });

  it('after stop: removes the channel once and calls nothing back (no state set after unmount)', async () => {
    const h = await joined();
    h.handle.stop();
    expect(h.removeChannel).toHaveBeenCalledTimes(1);
    await h.resolve('late');
    h.emit('posts', 'INSERT', { id: 'late' });
    h.status('CLOSED');
    h.handle.refresh();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.log).toEqual(['data:initial:A', 'state:live']);
    expect(h.fetch).toHaveBeenCalledTimes(2);
  });

  it('does not load realtime or open a channel when stopped during the first read', async () => {
    const h = setup();
    h.handle.stop();
    await h.resolve('A');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.calls).toEqual([]);
    expect(h.log).toEqual([]);
    expect(h.removeChannel).not.toHaveBeenCalled();
  });

  it('does not open a channel when stopped before the token was handed over', async () => {
    const h = setup();
    let handOver: () => void = () => undefined;
    (h.db.realtime.setAuth as unknown as ReturnType<typeof vi.fn>).mockImplementationOnce(
      () =>
        new Promise<void>((resolve) => {
          h.calls.push('setAuth');
          handOver = resolve;
        }),
    );
    await h.resolve('A');
    h.handle.stop();
    handOver();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.calls).toEqual(['setAuth']);
    expect(h.removeChannel).not.toHaveBeenCalled();
  });

  it('ignores a failed fetch after stop', async () => {
    const h = await joined();
    h.handle.stop();
    await h.reject('late');
    expect(h.log).toEqual(['data:initial:A', 'state:live']);
  });

  it('keeps its data when the realtime token cannot be set', async () => {
    const fake = fakeDb();
    (fake.db.realtime.setAuth as unknown as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new Error('x'));
    const fetch = vi.fn(async () => 'A');
    const onData = vi.fn();
    startLive(fake.db, { tables: [], fetch, onData });
    await settle();
    expect(onData).toHaveBeenCalledWith('A', 'initial');
    expect(fake.db.realtime.setAuth).toHaveBeenCalledTimes(1);
    expect(fake.calls).toEqual([]);
  });
});
