/** The thread of critical-css-pipeline.ts: writes each page it is handed, rewritten, as it comes. */
import { writeFile } from 'node:fs/promises';
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
type Page = { file: string; page: string | Uint8Array };
const queue: Page[] = [];
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true }); // as readFile(file, 'utf8') reads
let running = 0;
let ending = false;

/**
 * Writes one page: rewritten (done), or as Astro made it when a stylesheet it links is not found
 * or the rewrite fails (the step after the build takes it then).
 */
async function write({ file, page }: Page): Promise<void> {
  const html = typeof page === 'string' ? page : utf8.decode(page);
  let out: string | undefined;
  try {
    const sheets = await Promise.all(linkedSheets(html).map((href) => options.sheetFor(href)));
    if (!sheets.includes(undefined)) out = await inlinePage(html, options);
  } catch {
    out = undefined;
  }
  await writeFile(file, out ?? page);
  if (out !== undefined) {
    if (out !== html) changed++;
    policy.add(out);
    done.push(file);
  }
}

/** Up to four pages in flight (writing one overlaps the work on another). */
function pump(): void {
  while (running < 4 && queue.length > 0) {
    running++;
    const next = queue.shift() as Page;
    // A page that cannot be written at all fails the thread, and so the build: nothing is lost quietly.
    void write(next).then(() => {
      parentPort?.postMessage({ written: next.file });
      running--;
      pump();
    });
  }
  if (ending && running === 0 && queue.length === 0)
    parentPort?.postMessage({ end: true, done, changed, policy: policy.result() });
}

parentPort?.on('message', (message: Partial<Page> & { end?: boolean }) => {
  if (message.file !== undefined && message.page !== undefined)
    queue.push({ file: message.file, page: message.page });
  if (message.end) ending = true;
  pump();
});
