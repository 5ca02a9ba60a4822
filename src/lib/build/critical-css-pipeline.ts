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
 * Nothing depends on how Astro writes: a page the thread cannot rewrite (a stylesheet not found) is
 * written as Astro made it, and the step after the build rewrites every page the thread did not
 * report done; were Astro to stop writing through `fs.promises.writeFile`, the build would only be
 * slower, never different. At most `IN_FLIGHT` pages wait for the thread (a writer waits for room:
 * on one core the thread sets the pace instead of the pages piling up in memory). A thread that
 * fails fails the build, as the step's own threads do.
 */

/** What the thread did: the pages it rewrote (whole and final), how many changed, their policy. */
export type PipelineResult = { done: string[]; changed: number; policy: PagePolicy };

type Pipeline = { finish: () => Promise<PipelineResult> };
type FromThread = { written: string } | ({ end: true } & PipelineResult);

/** Pages handed over and not yet written at most (~100 KB each at 2,000 products). */
const IN_FLIGHT = 256;

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
  let inFlight = 0;
  /** Writers waiting for room, and the thread's failure once there is one. */
  const waiting: Array<{ go: () => void; stop: (error: Error) => void }> = [];
  let failure: Error | undefined;
  const result = new Promise<PipelineResult>((done, fail) => {
    const failed = (error: Error) => {
      failure ??= error;
      for (const writer of waiting.splice(0)) writer.stop(failure);
      fail(failure);
    };
    thread.on('message', (message: FromThread) => {
      if (!('written' in message)) return done(message);
      inFlight--;
      waiting.shift()?.go();
    });
    thread.once('error', failed);
    thread.once('exit', (code) => failed(new Error(`critical CSS pipeline exited ${code}`)));
  });
  // Asked for by finish(); a writer waiting for room hears of a failure at once.
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
    if (failure) throw failure;
    if (inFlight >= IN_FLIGHT) await new Promise<void>((go, stop) => waiting.push({ go, stop }));
    inFlight++;
    thread.postMessage({ file, page });
  } as typeof original;
  promises.writeFile = wrapped;
  return {
    async finish() {
      if (promises.writeFile === wrapped) promises.writeFile = original;
      thread.postMessage({ end: true });
      try {
        return await result;
      } finally {
        await thread.terminate();
      }
    },
  };
}
