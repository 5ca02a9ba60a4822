import { type DependencyList, type RefObject, useEffect, useRef } from 'react';
import type { LiveDb, LiveHandle, LiveSpec } from './live.ts';
import { openLive } from './live-refresh.ts';

/**
 * A component's live rows through the one live helper (`openLive`): opened on mount and whenever
 * `deps` change, stopped on unmount or before reopening. `spec` receives the handle, so its own
 * callbacks can ask for a fresh read; the returned ref holds the open handle for event handlers.
 */
export function useLive<D>(
  db: LiveDb,
  spec: (handle: LiveHandle) => LiveSpec<D> | Promise<LiveSpec<D>>,
  deps: DependencyList,
): RefObject<LiveHandle | null> {
  const live = useRef<LiveHandle | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what its spec reads
  useEffect(() => {
    let handle: LiveHandle | null = null;
    const self: LiveHandle = { stop: () => handle?.stop(), refresh: () => handle?.refresh() };
    handle = openLive(db, spec(self));
    live.current = handle;
    return () => {
      handle?.stop();
      live.current = null;
    };
  }, [db, ...deps]);
  return live;
}
