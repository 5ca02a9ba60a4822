/**
 * `npm run size [-- --enforce] [--dir dist]`: prints, per built page, the gzipped JavaScript
 * loaded before any interaction, and with --enforce fails when a page exceeds its budget
 * (ARCHITECTURE.md). Pre-rendered pages are read from disk; the on-demand 404 page is fetched
 * from the built node server in each language.
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isOver, measurePage, type PageReport, pageAddress } from './js-budget.ts';

const args = process.argv.slice(2);
const enforce = args.includes('--enforce');
const dirIndex = args.indexOf('--dir');
const distDir = resolve(dirIndex >= 0 ? (args[dirIndex + 1] ?? 'dist') : 'dist');
const clientDir = join(distDir, 'client');

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...htmlFiles(full));
    else if (name.endsWith('.html')) out.push(full);
  }
  return out;
}

/** The page's HTML; anything else (a refusal, an error) must fail the measurement, not count 0 KB. */
async function pageHtml(response: Response, status: number): Promise<string> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== status || !type.includes('text/html')) {
    throw new Error(`${response.url}: expected ${status} HTML, got ${response.status} ${type}`);
  }
  return response.text();
}

async function fetchOnDemandPages(): Promise<Array<{ page: string; html: string }>> {
  const port = 4390 + Math.floor(Math.random() * 100);
  const server = spawn(process.execPath, [join(distDir, 'server', 'entry.mjs')], {
    // The server answers only its configured origin (a foreign Host is refused: src/middleware.ts).
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` },
    stdio: 'ignore',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      try {
        await fetch(base);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const pages = [];
    for (const page of [
      '/404-page-that-does-not-exist',
      '/en/404-page-that-does-not-exist',
      '/de/404-page-that-does-not-exist',
    ]) {
      const response = await fetch(base + page);
      pages.push({
        page: page.replace('404-page-that-does-not-exist', '404'),
        html: await pageHtml(response, 404),
      });
    }
    // The on-demand public profile and message-thread shells (the same for every id).
    for (const prefix of ['', '/en', '/de']) {
      for (const route of ['user', 'messages']) {
        const response = await fetch(`${base}${prefix}/${route}/00000000-0000-4000-8000-000000000000`);
        pages.push({ page: `${prefix}/${route}/[id]`, html: await pageHtml(response, 200) });
      }
    }
    return pages;
  } finally {
    server.kill();
  }
}

const reports: PageReport[] = [];
const { readFileSync } = await import('node:fs');
for (const file of htmlFiles(clientDir)) {
  const page = pageAddress(clientDir, file);
  if (page.startsWith('/the-direct-path/')) continue; // a static file of its own, not our page
  reports.push(await measurePage(page, readFileSync(file, 'utf8'), clientDir));
}
for (const { page, html } of await fetchOnDemandPages()) {
  reports.push(await measurePage(page, html, clientDir));
}

reports.sort((a, b) => a.page.localeCompare(b.page));
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
let failures = 0;
const width = Math.max(...reports.map((r) => r.page.length));
for (const r of reports) {
  const over = isOver(r);
  if (over) failures++;
  const limit = r.budget === null ? 'no budget' : `budget ${kb(r.budget)}`;
  console.info(
    `${over ? 'OVER' : 'ok  '}  ${r.page.padEnd(width)}  ${kb(r.bytes).padStart(9)}  (${limit}, ${r.label})`,
  );
}
console.info(
  `\n${reports.length} pages measured, ${failures} failing (gzipped JS before interaction, counting ` +
    'the data client on signed-in pages, which load it right after hydration).',
);
if (enforce && failures > 0) process.exit(1);
