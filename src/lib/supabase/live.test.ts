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

describe('startLive: subscribe first, then fetch, then apply changes in order', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('joins with the member token, subscribes to every table, and fetches only once joined', async () => {
    const h = setup();
    await settle();
    expect(h.calls).toEqual(['setAuth', 'channel', 'subscribe']);
    expect((h.db.channel as unknown as ReturnType<typeof vi.fn>).mock.calls[0]?.[0]).toMatch(
      /^posts-[a-z0-9]+$/,
    );
    expect(h.handlers.map((x) => [x.type, x.opts])).toEqual([
      ['postgres_changes', { event: '*', schema: 'public', table: 'posts' }],
      ['postgres_changes', { event: '*', schema: 'public', table: 'messages', filter: 'receiver_id=eq.me' }],
    ]);
    expect(h.fetch).not.toHaveBeenCalled();
    h.status('SUBSCRIBED');
    expect(h.fetch).toHaveBeenCalledTimes(1);
    expect(h.fetch).toHaveBeenCalledWith('initial');
    await h.resolve('A');
    expect(h.log).toEqual(['state:live', 'data:initial:A']);
  });

  it('buffers changes that arrive before and during the fetch and applies them after the data, in order', async () => {
    const h = setup();
    await settle();
    h.emit('posts', 'INSERT', { id: '1' }); // before the join
    h.status('SUBSCRIBED');
    h.emit('posts', 'UPDATE', { id: '2' }); // during the fetch
    h.emit('messages', 'DELETE', {}, { id: '3' });
    expect(h.log).toEqual(['state:live']);
    await h.resolve('A');
    expect(h.log).toEqual([
      'state:live',
      'data:initial:A',
      'change:posts:INSERT:1',
      'change:posts:UPDATE:2',
      'change:messages:DELETE:3',
    ]);
    h.emit('posts', 'DELETE', {}, { id: '4' }); // later: at once
    expect(h.log.at(-1)).toBe('change:posts:DELETE:4');
    expect(h.fetch).toHaveBeenCalledTimes(1);
  });

  it('hands a change over with its table, type, new row and old key', async () => {
    const seen: RowChange[] = [];
    const h = setup({ onChange: (c) => seen.push(c) });
    await settle();
    h.status('SUBSCRIBED');
    await h.resolve('A');
    h.emit('posts', 'DELETE', {}, { id: 'x' });
    h.handlers[0]?.cb({ table: 'posts', eventType: 'INSERT' });
    expect(seen).toEqual([
      { table: 'posts', type: 'DELETE', record: {}, old: { id: 'x' } },
      { table: 'posts', type: 'INSERT', record: {}, old: {} },
    ]);
  });

  it('catches up after a reconnect, buffering what arrives meanwhile', async () => {
    const h = setup();
    await settle();
    h.status('SUBSCRIBED');
    await h.resolve('A');
    h.status('CHANNEL_ERROR');
    h.status('CLOSED'); // one 'lost', however the channel reports it
    expect(h.fetch).toHaveBeenCalledTimes(1);
    h.status('SUBSCRIBED');
    expect(h.fetch).toHaveBeenCalledTimes(2);
    expect(h.fetch).toHaveBeenLastCalledWith('catch-up');
    h.emit('posts', 'INSERT', { id: '5' });
    expect(h.log.at(-1)).toBe('state:live');
    await h.resolve('B');
    expect(h.log).toEqual([
      'state:live',
      'data:initial:A',
      'state:lost',
      'state:live',
      'data:catch-up:B',
      'change:posts:INSERT:5',
    ]);
  });

  it('reports a time-out as lost and catches up on the next join', async () => {
    const h = setup();
    await settle();
    h.status('SUBSCRIBED');
    await h.resolve('A');
    h.status('TIMED_OUT');
    h.status('SUBSCRIBED');
    await h.resolve('B');
    expect(h.log).toEqual(['state:live', 'data:initial:A', 'state:lost', 'state:live', 'data:catch-up:B']);
  });

  it('runs a fetch asked for during another once more afterwards, never two at once', async () => {
    const h = setup();
    await settle();
    h.status('SUBSCRIBED');
    h.handle.refresh();
    h.handle.refresh();
    expect(h.fetch).toHaveBeenCalledTimes(1);
    await h.resolve('A');
    expect(h.fetch).toHaveBeenCalledTimes(2);
    expect(h.fetch).toHaveBeenLastCalledWith('catch-up');
    await h.resolve('B');
    expect(h.fetch).toHaveBeenCalledTimes(2);
    expect(h.log).toEqual(['state:live', 'data:initial:A', 'data:catch-up:B']);
  });

  it('fetches anyway when the channel cannot join, and catches up once it does', async () => {
    const h = setup();
    await settle();
    h.emit('posts', 'INSERT', { id: 'early' });
    h.status('CHANNEL_ERROR');
    expect(h.fetch).toHaveBeenCalledWith('initial');
    await h.resolve('A');
    expect(h.log).toEqual(['state:lost', 'data:initial:A', 'change:posts:INSERT:early']);
    h.status('SUBSCRIBED');
    expect(h.fetch).toHaveBeenLastCalledWith('catch-up');
  });

  it('fetches after joinWaitMs when the join neither succeeds nor fails, and not before', async () => {
    const h = setup({ joinWaitMs: 500 });
    await vi.advanceTimersByTimeAsync(499);
    expect(h.fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.fetch).toHaveBeenCalledTimes(1);
    h.status('SUBSCRIBED'); // joined while the early read runs: read once more after it
    await h.resolve('A');
    expect(h.fetch).toHaveBeenCalledTimes(2);
    expect(h.fetch).toHaveBeenLastCalledWith('catch-up');
  });

  it('waits two seconds by default, and forever with joinWaitMs null', async () => {
    const a = setup();
    const b = setup({ joinWaitMs: null });
    await vi.advanceTimersByTimeAsync(1999);
    expect(a.fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(a.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(b.fetch).not.toHaveBeenCalled();
  });

  it('does not start a second read at the wait when the join already started one', async () => {
    const h = setup({ joinWaitMs: 500 });
    await settle();
    h.status('SUBSCRIBED');
    await h.resolve('A');
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.fetch).toHaveBeenCalledTimes(1);
  });

  it('reports a failed first fetch, drops the changes it had buffered, and reads again on refresh', async () => {
    const h = setup();
    await settle();
    h.status('SUBSCRIBED');
    h.emit('posts', 'INSERT', { id: 'lost-with-the-read' });
    await h.reject('offline');
    expect(h.log).toEqual(['state:live', 'error:initial:offline']);
    h.handle.refresh();
    expect(h.fetch).toHaveBeenLastCalledWith('initial');
    h.emit('posts', 'INSERT', { id: 'during-retry' });
    await h.resolve('A');
    expect(h.log.slice(2)).toEqual(['data:initial:A', 'change:posts:INSERT:during-retry']);
  });

  it('keeps the data and applies buffered changes when a catch-up fails', async () => {
    const h = setup();
    await settle();
    h.status('SUBSCRIBED');
    await h.resolve('A');
    h.handle.refresh();
    h.emit('posts', 'UPDATE', { id: '7' });
    await h.reject('offline');
    expect(h.log).toEqual([
      'state:live',
      'data:initial:A',
      'error:catch-up:offline',
      'change:posts:UPDATE:7',
    ]);
  });

  it('after stop: removes the channel once and calls nothing back (no state set after unmount)', async () => {
    const h = setup();
    await settle();
    h.status('SUBSCRIBED');
    h.handle.stop();
    expect(h.removeChannel).toHaveBeenCalledTimes(1);
    await h.resolve('late');
    h.emit('posts', 'INSERT', { id: 'late' });
    h.status('CLOSED');
    h.handle.refresh();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.log).toEqual(['state:live']);
    expect(h.fetch).toHaveBeenCalledTimes(1);
  });

  it('does not open a channel when stopped before the token was handed over', async () => {
    const h = setup();
    h.handle.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.calls).toEqual(['setAuth']);
    expect(h.removeChannel).not.toHaveBeenCalled();
    expect(h.fetch).not.toHaveBeenCalled();
  });

  it('ignores a failed fetch after stop', async () => {
    const h = setup();
    await settle();
    h.status('SUBSCRIBED');
    h.handle.stop();
    await h.reject('late');
    expect(h.log).toEqual(['state:live']);
  });

  it('still reads when the realtime token cannot be set', async () => {
    const fake = fakeDb();
    (fake.db.realtime.setAuth as unknown as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new Error('x'));
    const fetch = vi.fn(async () => 'A');
    const onData = vi.fn();
    startLive(fake.db, { tables: [], fetch, onData, joinWaitMs: null });
    await settle();
    expect(onData).toHaveBeenCalledWith('A', 'initial');
  });
});
