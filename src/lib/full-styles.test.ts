import { describe, expect, it } from 'vitest';
import { fullStyles } from './full-styles.ts';

/** A lazily loaded stylesheet link: `sheet` once loaded; `fire` sends its load or error event. */
function lazyLink(loaded: boolean) {
  const listeners: Record<string, Array<() => void>> = {};
  return {
    sheet: loaded ? {} : null,
    addEventListener: (type: string, fn: () => void) => {
      listeners[type] = [...(listeners[type] ?? []), fn];
    },
    fire: (type: 'load' | 'error') => {
      for (const fn of listeners[type] ?? []) fn();
    },
  };
}
const page = (links: unknown[]) => ({
  querySelectorAll: (selector: string) => (selector === 'link[rel="stylesheet"][media="print"]' ? links : []),
});
const settled = async (p: Promise<void>, ms = 20) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('fullStyles: what React renders waits for the full stylesheet', () => {
  it('resolves at once when the sheets have loaded, or there are none', async () => {
    expect(await settled(fullStyles(page([lazyLink(true)]) as never))).toBe(true);
    expect(await settled(fullStyles(page([]) as never))).toBe(true);
  });

  it('waits for a sheet still loading, and for every one of them', async () => {
    const a = lazyLink(false);
    const b = lazyLink(false);
    const waiting = fullStyles(page([a, lazyLink(true), b]) as never);
    expect(await settled(waiting)).toBe(false);
    a.fire('load');
    expect(await settled(waiting)).toBe(false);
    b.fire('error');
    expect(await settled(waiting)).toBe(true);
  });
});
