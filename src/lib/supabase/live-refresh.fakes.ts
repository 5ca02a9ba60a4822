import { vi } from 'vitest';
import type { TypedSupabaseClient } from './client.ts';
import type { LiveRefreshDeps } from './live-refresh.ts';

type Status = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'CLOSED';

/**
 * For the tests of the header's refresh mechanism and its callers: a fake tab (visible or not) and a
 * fake page client whose one channel the test drives (`status`, `change`), as `LiveRefreshDeps`.
 */
export function fakeTabAndClient() {
  let visible = true;
  let onVis: (() => void) | undefined;
  let loaded: ((db: TypedSupabaseClient) => void) | undefined;
  const deps: LiveRefreshDeps = {
    whenLoaded: (use) => {
      loaded = use;
    },
    isVisible: () => visible,
    onVisibility: (listener) => {
      onVis = listener;
      return () => {
        onVis = undefined;
      };
    },
  };
  let change: ((payload: unknown) => void) | undefined;
  let status: ((s: Status) => void) | undefined;
  const subscriptions: Array<[string, { filter?: string }]> = [];
  const removed = vi.fn();
  const channel = {
    on: (type: string, opts: { filter?: string }, cb: (payload: unknown) => void) => {
      subscriptions.push([type, opts]);
      change = cb;
      return channel;
    },
    subscribe: (cb: (s: Status) => void) => {
      status = cb;
      return channel;
    },
  };
  const setAuth = vi.fn(async () => undefined);
  const open = vi.fn(() => channel);
  const db = {
    channel: open,
    removeChannel: removed,
    realtime: { setAuth },
  } as unknown as TypedSupabaseClient;
  return {
    deps,
    hide: () => {
      visible = false;
      onVis?.();
    },
    show: () => {
      visible = true;
      onVis?.();
    },
    /** The page's client arrives (the keeper loads the live helper with it). */
    load: async () => {
      await import('./live.ts');
      loaded?.(db);
      await vi.advanceTimersByTimeAsync(0);
    },
    setAuth,
    open,
    status: (s: Status) => status?.(s),
    change: () => change?.({ table: 'x', eventType: 'UPDATE', new: {}, old: {} }),
    subscriptions,
    removed,
    listening: () => onVis !== undefined,
  };
}
