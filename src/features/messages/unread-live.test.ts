import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTabAndClient } from '~/lib/supabase/live-refresh.fakes.ts';
import { POLL_FIRST_MS, POLL_MAX_MS, startUnreadLive, type UnreadLiveDeps } from './unread-live.ts';

function harness(counts: number[]) {
  const refresh = vi.fn(async () => counts.shift() ?? 0);
  const fake = fakeTabAndClient();
  const deps: UnreadLiveDeps = { refresh, ...fake.deps };
  return { ...fake, deps, refresh, filters: () => fake.subscriptions.map(([, opts]) => opts.filter) };
}

describe('the header unread count on every page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls while visible, backs off while nothing changes, and is quick again after a change', async () => {
    const h = harness([0, 0, 0, 1, 1]);
    const stop = startUnreadLive('user-1', h.deps);
    await vi.advanceTimersByTimeAsync(POLL_FIRST_MS - 1);
    expect(h.refresh).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.refresh).toHaveBeenCalledTimes(1); // 0 (first value: a change from unknown)
    await vi.advanceTimersByTimeAsync(POLL_FIRST_MS);
    expect(h.refresh).toHaveBeenCalledTimes(2); // 0 unchanged: next wait 15 s
    await vi.advanceTimersByTimeAsync(POLL_FIRST_MS * 1.5 - 1);
    expect(h.refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.refresh).toHaveBeenCalledTimes(3); // 0 again: next wait 22.5 s
    await vi.advanceTimersByTimeAsync(22_500);
    expect(h.refresh).toHaveBeenCalledTimes(4); // 1: changed, back to 10 s
    await vi.advanceTimersByTimeAsync(POLL_FIRST_MS);
    expect(h.refresh).toHaveBeenCalledTimes(5);
    stop();
    await vi.advanceTimersByTimeAsync(POLL_MAX_MS * 2);
    expect(h.refresh).toHaveBeenCalledTimes(5);
    expect(h.listening()).toBe(false);
  });

  it('never waits longer than the maximum', async () => {
    const h = harness(Array(30).fill(3));
    startUnreadLive('user-1', h.deps);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const calls = h.refresh.mock.calls.length;
    await vi.advanceTimersByTimeAsync(POLL_MAX_MS);
    expect(h.refresh.mock.calls.length).toBe(calls + 1);
  });

  it('stops while the tab is hidden and counts at once when it shows again', async () => {
    const h = harness([2, 2, 2]);
    startUnreadLive('user-1', h.deps);
    h.hide();
    await vi.advanceTimersByTimeAsync(POLL_MAX_MS * 3);
    expect(h.refresh).toHaveBeenCalledTimes(0);
    h.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_FIRST_MS);
    expect(h.refresh).toHaveBeenCalledTimes(2);
  });

  it('uses the live channel (own incoming messages) once the page loaded supabase-js, and polling rests', async () => {
    const h = harness([0, 1, 1, 1, 1, 1]);
    const stop = startUnreadLive('user-1', h.deps);
    await h.load();
    await vi.advanceTimersByTimeAsync(0);
    // The live helper reads at once, then joins and catches up on what changed meanwhile.
    expect(h.refresh).toHaveBeenCalledTimes(1);
    expect(h.filters()).toEqual(['receiver_id=eq.user-1']);
    h.status('SUBSCRIBED');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(POLL_MAX_MS * 3);
    expect(h.refresh).toHaveBeenCalledTimes(2);
    h.change();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.refresh).toHaveBeenCalledTimes(3);
    // A failed channel hands over to polling.
    h.status('CHANNEL_ERROR');
    await vi.advanceTimersByTimeAsync(POLL_MAX_MS);
    expect(h.refresh.mock.calls.length).toBeGreaterThan(3);
    stop();
    expect(h.removed).toHaveBeenCalledTimes(1);
  });
});
