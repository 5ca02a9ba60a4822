import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ChunkGraph } from './module-preload.ts';
import type { PagePolicy } from './page-policy.ts';

/*
 * Critical CSS while the pages are rendered. Astro prerenders on one thread, so on a machine with a
 * second core that core waits until the last page is written, and only then does the critical-CSS
 * step (critical-css.ts) rewrite them all. Here one worker thread rewrites each page as Astro hands
 * it over: this module takes the pages Astro writes (it wraps `fs.promises.writeFile` between
 * `astro:build:ssr` and `astro:build:generated`, the two hooks around prerendering) and passes the
 * HTML to the thread, which writes the page once, rewritten exactly as the step after the build
 * would (the same `inlinePage` with the same inputs; each page's result depends on nothing else).
 *
 * Nothing is lost and nothing depends on how Astro writes: a page the thread cannot rewrite (a
 * stylesheet not found) is written as Astro made it, and the step after the build rewrites every
 * page the thread did not report done; until the thread confirms a page, its HTML stays here, and
 * if the thread fails, `finish` writes what it had not. Were Astro to stop writing through
 * `fs.promises.writeFile`, the build would only be slower, never different.
 */

/** What the thread did: the pages it rewrote (whole and final), how many changed, their policy. */
export type PipelineResult = { done: string[]; changed: number; policy: PagePolicy };

type Pipeline = { finish: () => Promise<PipelineResult> };
type FromThread = { written: string } | ({ end: true } & PipelineResult);

/**
 * Starts the thread for the pages written under `dir` (the client output); stylesheets not yet in
 * `dir` are looked for in `sheetDirs` (Astro moves prerendered CSS into `dir` after prerendering).
 */
export function startPipeline(options: {
  dir: string;
  sheetDirs: string[];
  loader: string;
  graph?: ChunkGraph;
  /** The thread's module (tests hand in one that fails). */
  threadModule?: URL;
}): Pipeline {
  const { threadModule = new URL('./critical-css-pipeline-thread.ts', import.meta.url), ...data } = options;
  const thread = new Worker(threadModule, { workerData: data });
  /** Pages handed over and not yet written by the thread: file -> HTML (text or UTF-8 bytes). */
  const pending = new Map<string, string | Uint8Array>();
  const result = new Promise<PipelineResult>((done, fail) => {
    thread.on('message', (message: FromThread) => {
      if ('written' in message) pending.delete(message.written);
      else done(message);
    });
    thread.once('error', fail);
    thread.once('exit', (code) => fail(new Error(`critical CSS pipeline exited ${code}`)));
  });
  // Unhandled until finish() asks: a failed thread only means the step after the build does it all.
  result.catch(() => {});
  const prefix = options.dir.endsWith('/') ? options.dir : `${options.dir}/`;
  const promises = fs.promises;
  const original = promises.writeFile;
  const wrapped = async function (this: unknown, ...args: Parameters<typeof original>) {
    const [target, data] = args;
    const file = target instanceof URL ? fileURLToPath(target) : typeof target === 'string' ? target : '';
    const page = typeof data === 'string' || data instanceof Uint8Array ? data : undefined;
    if (page === undefined || !file.startsWith(prefix) || !file.endsWith('.html'))
      return original.apply(this, args);
    pending.set(file, page);
    thread.postMessage({ file, page });
  } as typeof original;
  promises.writeFile = wrapped;
  return {
    async finish() {
      if (promises.writeFile === wrapped) promises.writeFile = original;
      thread.postMessage({ end: true });
      let outcome: PipelineResult;
      try {
        outcome = await result;
      } catch {
        outcome = { done: [], changed: 0, policy: { hashes: [], pages: 0, handlers: 0 } };
      } finally {
        await thread.terminate();
      }
      // Only if the thread failed: the pages it had not written yet, as Astro made them.
      for (const [file, page] of pending) await original(file, page);
      return outcome;
    },
  };
}
