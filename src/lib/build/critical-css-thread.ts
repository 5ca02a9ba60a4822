/** One worker thread of `inlineCriticalCss` (critical-css.ts): its share of the pages. */
import { parentPort, workerData } from 'node:worker_threads';
import { inlineFiles } from './critical-css.ts';

import type { ChunkGraph } from './module-preload.ts';

const { dir, files, loader, graph } = workerData as {
  dir: string;
  files: string[];
  loader: string;
  graph?: ChunkGraph;
};
parentPort?.postMessage(await inlineFiles(dir, files, loader, graph));
