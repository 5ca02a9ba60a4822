/** One worker thread of `inlineCriticalCss` (critical-css.ts): its share of the pages. */
import { parentPort, workerData } from 'node:worker_threads';
import { inlineFiles } from './critical-css.ts';

const { dir, files, loader } = workerData as { dir: string; files: string[]; loader: string };
parentPort?.postMessage(await inlineFiles(dir, files, loader));
