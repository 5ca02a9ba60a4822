import { createRequire } from 'node:module';

/**
 * Runs in the page, inline (`<script data-defer-modules='[...]'>`): adds the page's module
 * scripts, in their order, once the first screen is painted, so their fetches no longer compete
 * with it. That is after the first contentful paint and the parsed document (module scripts run
 * then anyway) and, where the page has a main image (`fetchpriority=high`), once that image is
 * painted; on load if the page has painted by then, 3 s after load if not, and at load in a tab
 * that is not visible (it does not paint). Without paint timing, at once. When the last one has
 * loaded (or failed), `<html data-modules="ready">` says they have all run (tests wait for it).
 *
 * It is written as a function so it can be read and tested; the build inlines its source
 * (`MODULE_LOADER`), so it may use nothing from outside its own body.
 */
function deferModuleScripts(): void {
  const script = document.currentScript as HTMLScriptElement;
  const sources = JSON.parse(script.dataset.deferModules as string) as string[];
  const root = document.documentElement;
  const hidden = () => document.visibilityState !== 'visible';
  let going = false;
  let started = false;
  let painted = false;

  const start = () => {
    if (started) return;
    started = true;
    let left = sources.length;
    const done = () => {
      left -= 1;
      if (left === 0) root.dataset.modules = 'ready';
    };
    for (const src of sources) {
      const element = document.createElement('script');
      element.type = 'module';
      element.src = src;
      element.async = false; // keeps their order
      element.onload = done;
      element.onerror = done;
      document.head.append(element);
    }
  };

  /** start() now, or once the main image is the largest paint (or fails to load). */
  const afterParse = () => {
    const image = document.querySelector<HTMLImageElement>('img[fetchpriority=high]');
    if (!image || (image.complete && !image.naturalWidth)) return start();
    image.addEventListener('error', start);
    try {
      new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => (entry as { element?: unknown }).element === image)) start();
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    } catch {
      start();
    }
  };

  /** afterParse() once the document is parsed; called on the first contentful paint. */
  const go = () => {
    if (going) return;
    going = true;
    if (document.readyState === 'loading') addEventListener('DOMContentLoaded', afterParse);
    else afterParse();
  };

  try {
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) throw new Error('no paint timing');
    new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
        painted = true;
        go();
      }
    }).observe({ type: 'paint', buffered: true });
  } catch {
    go();
  }
  addEventListener('load', () => {
    const now = () => {
      go();
      start();
    };
    if (painted || hidden()) now();
    else setTimeout(now, 3000);
  });
  if (hidden()) go();
}

let code: string | undefined;

/**
 * The inline script's code: `deferModuleScripts`, called at once, minified by Vite's minifier.
 * Vite is loaded on the first call only (it takes ~1 s), so worker threads that are handed the
 * code (critical-css.ts) never load it.
 */
export function moduleLoader(): string {
  if (code === undefined) {
    const { minifySync } = createRequire(import.meta.url)('vite') as typeof import('vite');
    const source = `(${deferModuleScripts.toString()})()`;
    code = minifySync('module-loader.js', source, { compress: true, mangle: true })
      .code.trim()
      .replace(/;$/, '');
  }
  return code;
}
