/** The thread of critical-css-pipeline.ts: rewrites each page it is handed, as it comes. */
import { readFile, writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { inlinePage, linkedSheets, pageOptionsFor } from './critical-css.ts';
import type { ChunkGraph } from './module-preload.ts';
import { policyCollector } from './page-policy.ts';

const { dir, sheetDirs, loader, graph } = workerData as {
  dir: string;
  sheetDirs: string[];
  loader: string;
  graph?: ChunkGraph;
};
const options = pageOptionsFor(dir, loader, graph, sheetDirs);
const policy = policyCollector();
const done: string[] = [];
let changed = 0;
const queue: string[] = [];
let running = 0;
let ending = false;

/** Rewrites one page, or leaves it to the step after the build (not whole yet, a sheet not found). */
async function rewrite(file: string): Promise<void> {
  const html = await readFile(file, 'utf8').catch(() => '');
  if (!/<\/html>\s*$/.test(html)) return;
  const sheets = await Promise.all(linkedSheets(html).map((href) => options.sheetFor(href)));
  if (sheets.some((sheet) => sheet === undefined)) return;
  const out = await inlinePage(html, options);
  if (out !== html) {
    await writeFile(file, out);
    changed++;
  }
  policy.add(out);
  done.push(file);
}

/** Up to four pages in flight (reading and writing one overlaps the work on another). */
function pump(): void {
  while (running < 4 && queue.length > 0) {
    running++;
    void rewrite(queue.shift() as string)
      .catch(() => {})
      .finally(() => {
        running--;
        pump();
      });
  }
  if (ending && running === 0 && queue.length === 0)
    parentPort?.postMessage({ done, changed, policy: policy.result() });
}

parentPort?.on('message', (message: { file?: string; end?: boolean }) => {
  if (message.file) queue.push(message.file);
  if (message.end) ending = true;
  pump();
});
