import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ChunkGraph } from './module-preload.ts';
import type { PagePolicy } from './page-policy.ts';

/*
 * Critical CSS while the pages are rendered. Astro prerenders on one thread, so on a machine with a
 * second core that core waits until the last page is written, and only then does the critical-CSS
 * step (critical-css.ts) rewrite them all. Here one worker thread rewrites each page as soon as it
 * is on disk: this module sees the pages as they are written (it wraps `fs.promises.writeFile`
 * between `astro:build:ssr` and `astro:build:generated`, the two hooks around prerendering) and
 * hands each HTML file to the thread, which rewrites it exactly as the step after the build would
 * (the same `inlinePage` with the same inputs; each page's result depends on nothing else).
 *
 * Nothing depends on how Astro writes: a page the thread did not take (not seen, not whole yet, a
 * stylesheet not found) is rewritten by the step after the build, which takes every page the thread
 * did not report done. If Astro stopped writing through `fs.promises.writeFile`, the build would
 * only be slower, never different.
 */

/** What the thread did: the pages it rewrote (whole and final), how many changed, their policy. */
export type PipelineResult = { done: string[]; changed: number; policy: PagePolicy };

type Pipeline = { finish: () => Promise<PipelineResult> };

/**
 * Starts the thread for the pages written under `dir` (the client output); stylesheets not yet in
 * `dir` are looked for in `sheetDirs` (Astro moves prerendered CSS into `dir` after prerendering).
 */
export function startPipeline(options: {
  dir: string;
  sheetDirs: string[];
  loader: string;
  graph?: ChunkGraph;
}): Pipeline {
  const thread = new Worker(new URL('./critical-css-pipeline-thread.ts', import.meta.url), {
    workerData: options,
  });
  const result = new Promise<PipelineResult>((done, fail) => {
    thread.once('message', done);
    thread.once('error', fail);
    thread.once('exit', (code) => fail(new Error(`critical CSS pipeline exited ${code}`)));
  });
  // Unhandled until finish() asks: a failed thread only means the step after the build does it all.
  result.catch(() => {});
  const prefix = options.dir.endsWith('/') ? options.dir : `${options.dir}/`;
  const promises = fs.promises;
  const original = promises.writeFile;
  const wrapped = async function (this: unknown, ...args: Parameters<typeof original>) {
    await original.apply(this, args);
    const target = args[0];
    const file = target instanceof URL ? fileURLToPath(target) : typeof target === 'string' ? target : '';
    if (file.startsWith(prefix) && file.endsWith('.html')) thread.postMessage({ file });
  } as typeof original;
  promises.writeFile = wrapped;
  return {
    async finish() {
      if (promises.writeFile === wrapped) promises.writeFile = original;
      thread.postMessage({ end: true });
      try {
        return await result;
      } catch {
        return { done: [], changed: 0, policy: { hashes: [], pages: 0, handlers: 0 } };
      } finally {
        await thread.terminate();
      }
    },
  };
}
