import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTabAndClient } from './live-refresh.fakes.ts';
import { type LiveRefreshOptions, startLiveRefresh } from './live-refresh.ts';

const FIRST = 30_000;
const MAX = 300_000;

/** Fake tab visibility, a fake page client, and a `refresh` that answers from a list of values. */
function harness(values: Array<string | null | Error>, extra: Partial<LiveRefreshOptions> = {}) {
  const refresh = vi.fn(async () => {
    const next = values.length > 0 ? values.shift() : 'same';
    if (next instanceof Error) throw next;
    return next ?? null;
  });
  const options: LiveRefreshOptions = {
    refresh,
    watch: { table: 'profiles', filter: 'user_id=eq.u1' },
    firstMs: FIRST,
    maxMs: MAX,
    backoff: 2,
    ...extra,
  };
  const fake = fakeTabAndClient();
  return { ...fake, start: () => startLiveRefresh(options, fake.deps), refresh };
}

const calls = (h: ReturnType<typeof harness>) => h.refresh.mock.calls.length;

describe('startLiveRefresh: the header’s one refresh mechanism', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('re-reads after the first interval, doubles the wait while nothing changes, and is quick again after a change', async () => {
    const h = harness(['a', 'a', 'a', 'b', 'b']);
    const stop = h.start();
    await vi.advanceTimersByTimeAsync(FIRST - 1);
    expect(calls(h)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls(h)).toBe(1); // 'a': first value, counts as a change: next wait 30 s
    await vi.advanceTimersByTimeAsync(FIRST);
    expect(calls(h)).toBe(2); // 'a' again: next wait 60 s
    await vi.advanceTimersByTimeAsync(2 * FIRST - 1);
    expect(calls(h)).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls(h)).toBe(3); // 'a' again: next wait 120 s
    await vi.advanceTimersByTimeAsync(4 * FIRST);
    expect(calls(h)).toBe(4); // 'b': changed, back to 30 s
    await vi.advanceTimersByTimeAsync(FIRST);
    expect(calls(h)).toBe(5);
    stop();
    await vi.advanceTimersByTimeAsync(MAX * 2);
    expect(calls(h)).toBe(5);
    expect(h.listening()).toBe(false);
  });

  it('never waits longer than the maximum, also when reads fail', async () => {
    const h = harness(Array.from({ length: 40 }, (_, i) => (i % 2 ? new Error('offline') : null)));
    h.start();
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(calls(h)).toBe(6); // at 30 s, 1.5, 3.5, 7.5, 12.5 and 17.5 min
    await vi.advanceTimersByTimeAsync(150_000); // the 7th, at 22.5 min
    const before = calls(h);
    expect(before).toBe(7);
    await vi.advanceTimersByTimeAsync(MAX - 1);
    expect(calls(h)).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls(h)).toBe(before + 1);
  });

  it('rests while the tab is hidden and re-reads at once when it shows again', async () => {
    const h = harness(['a', 'a', 'a']);
    h.start();
    h.hide();
    await vi.advanceTimersByTimeAsync(MAX * 3);
    expect(calls(h)).toBe(0);
    h.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(h)).toBe(1);
    await vi.advanceTimersByTimeAsync(FIRST);
    expect(calls(h)).toBe(2);
  });

  it('does not poll in a tab opened in the background', async () => {
    const h = harness(['a', 'a']);
    h.hide();
    h.start();
    await vi.advanceTimersByTimeAsync(MAX * 3);
    expect(calls(h)).toBe(0);
    h.show(); // positive control: the same keeper reads once the tab shows
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(h)).toBe(1);
  });

  it('subscribes to the watched rows through the page’s client once it exists, and polling rests while live', async () => {
    const h = harness(['a', 'b', 'b', 'b', 'b', 'b', 'b', 'b']);
    const stop = h.start();
    await vi.advanceTimersByTimeAsync(FIRST);
    expect(calls(h)).toBe(1);
    await h.load();
    await vi.advanceTimersByTimeAsync(0);
    // The helper reads at once with the client, then joins with the member's token: Realtime
    // gets it before the channel is opened.
    expect(calls(h)).toBe(2);
    expect(h.setAuth).toHaveBeenCalledTimes(1);
    expect(h.setAuth.mock.invocationCallOrder[0]).toBeLessThan(h.open.mock.invocationCallOrder[0] ?? 0);
    expect(h.subscriptions).toEqual([
      ['postgres_changes', { event: '*', schema: 'public', table: 'profiles', filter: 'user_id=eq.u1' }],
    ]);
    h.status('SUBSCRIBED');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(h)).toBe(3); // catches up on what changed before the channel was live
    await vi.advanceTimersByTimeAsync(MAX * 3);
    expect(calls(h)).toBe(3);
    h.change();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(h)).toBe(4);
    // A failed channel hands over to polling again.
    h.status('CHANNEL_ERROR');
    await vi.advanceTimersByTimeAsync(MAX);
    expect(calls(h)).toBeGreaterThan(4);
    stop();
    expect(h.removed).toHaveBeenCalledTimes(1);
  });

  it('with readAtStart, reads once at start and the channel starts from that read (one read before the join)', async () => {
    const h = harness(['a', 'a', 'b'], { readAtStart: true });
    h.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(h)).toBe(1);
    await h.load();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.open).toHaveBeenCalledTimes(1); // joined after the first read: no second read for it
    expect(calls(h)).toBe(1);
    h.status('SUBSCRIBED');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(h)).toBe(2); // the join's catch-up
    h.change();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(h)).toBe(3);
  });

  it('shares a read that is under way (the tab shown and focused at once)', async () => {
    let answer: (value: string) => void = () => undefined;
    const h = harness([]);
    h.refresh.mockImplementation(() => new Promise<string>((resolve) => (answer = resolve)));
    h.hide();
    h.start();
    h.show();
    h.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(h)).toBe(1);
    answer('a');
    await vi.advanceTimersByTimeAsync(FIRST);
    expect(calls(h)).toBe(2); // polling goes on after it
  });

  it('does not subscribe when the client appears after it was stopped', async () => {
    const h = harness([]);
    const stop = h.start();
    stop();
    await h.load();
    expect(h.subscriptions).toEqual([]);
    await vi.advanceTimersByTimeAsync(MAX);
    expect(calls(h)).toBe(0);
  });
});
