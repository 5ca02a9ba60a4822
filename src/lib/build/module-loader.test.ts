import { describe, expect, it } from 'vitest';
import { moduleLoader } from './module-loader.ts';

const MODULE_LOADER = moduleLoader();

/*
 * The inline loader as the build ships it (the minified string), run against a small fake page:
 * which scripts it adds, in which order, and when.
 */

type Observer = { type: string; callback: (list: { getEntries(): unknown[] }) => void };
type FakeScript = { type?: string; src?: string; async?: boolean; onload?: () => void; onerror?: () => void };

function page({
  sources = ['/_astro/shell.js', '/_astro/page.js'],
  paintTiming = true,
  readyState = 'complete',
  visibility = 'visible',
  image,
}: {
  sources?: string[];
  paintTiming?: boolean;
  readyState?: string;
  visibility?: string;
  image?: { complete: boolean; naturalWidth: number };
} = {}) {
  const added: FakeScript[] = [];
  const observers: Observer[] = [];
  const listeners = new Map<string, Array<() => void>>();
  const timers: Array<{ ms: number; run: () => void }> = [];
  const imageListeners: Array<() => void> = [];
  const root = { dataset: {} as Record<string, string> };
  const heroImage = image && {
    ...image,
    addEventListener: (_: string, run: () => void) => imageListeners.push(run),
  };
  const document = {
    currentScript: { dataset: { deferModules: JSON.stringify(sources) } },
    documentElement: root,
    readyState,
    visibilityState: visibility,
    head: { append: (element: FakeScript) => added.push(element) },
    createElement: () => ({}) as FakeScript,
    querySelector: (selector: string) =>
      selector === 'img[fetchpriority=high]' ? (heroImage ?? null) : null,
  };
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : [];
    constructor(private callback: Observer['callback']) {}
    observe({ type }: { type: string }) {
      observers.push({ type, callback: this.callback });
    }
  }
  const addEventListener = (name: string, run: () => void) => {
    listeners.set(name, [...(listeners.get(name) ?? []), run]);
  };
  const setTimeout = (run: () => void, ms: number) => timers.push({ ms, run });
  new Function('document', 'PerformanceObserver', 'addEventListener', 'setTimeout', MODULE_LOADER)(
    document,
    PerformanceObserver,
    addEventListener,
    setTimeout,
  );
  const emit = (type: string, entry: unknown) => {
    for (const o of observers) if (o.type === type) o.callback({ getEntries: () => [entry] });
  };
  return {
    added,
    root,
    timers,
    paint: () => emit('paint', { name: 'first-contentful-paint' }),
    largestPaint: (element: unknown) => emit('largest-contentful-paint', { element }),
    fire: (name: string) => {
      for (const run of listeners.get(name) ?? []) run();
    },
    heroImage,
    imageError: () => {
      for (const run of imageListeners) run();
    },
  };
}

describe('MODULE_LOADER', () => {
  it('adds the module scripts after the first contentful paint, in order, and then says ready', () => {
    const p = page();
    expect(p.added).toEqual([]);
    p.paint();
    expect(p.added.map((s) => [s.type, s.src, s.async])).toEqual([
      ['module', '/_astro/shell.js', false],
      ['module', '/_astro/page.js', false],
    ]);
    p.added[0]?.onload?.();
    expect(p.root.dataset.modules).toBeUndefined();
    p.added[1]?.onerror?.(); // a failed script still counts as done
    expect(p.root.dataset.modules).toBe('ready');
    p.paint();
    expect(p.added).toHaveLength(2);
  });

  it('waits for the parsed document after the paint', () => {
    const p = page({ readyState: 'loading' });
    p.paint();
    expect(p.added).toEqual([]);
    p.fire('DOMContentLoaded');
    expect(p.added).toHaveLength(2);
  });

  it('waits for the main image to be painted (or to fail)', () => {
    const p = page({ image: { complete: false, naturalWidth: 0 } });
    p.paint();
    expect(p.added).toEqual([]);
    p.largestPaint({});
    expect(p.added).toEqual([]);
    p.largestPaint(p.heroImage);
    expect(p.added).toHaveLength(2);

    const failing = page({ image: { complete: false, naturalWidth: 0 } });
    failing.paint();
    failing.imageError();
    expect(failing.added).toHaveLength(2);
  });

  it('starts at once without paint timing, and at load in a hidden tab', () => {
    expect(page({ paintTiming: false }).added).toHaveLength(2);
    expect(page({ visibility: 'hidden' }).added).toHaveLength(2);
  });

  it('gives a visible page that has not painted by load 3 s more', () => {
    const p = page();
    p.fire('load');
    expect(p.added).toEqual([]);
    expect(p.timers.map((t) => t.ms)).toEqual([3000]);
    p.timers[0]?.run();
    expect(p.added).toHaveLength(2);

    const painted = page({ image: { complete: false, naturalWidth: 0 } });
    painted.paint();
    painted.fire('load');
    expect(painted.added).toHaveLength(2);
  });
});
