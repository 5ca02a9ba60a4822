/**
 * `npm run bench:lighthouse -- [paths...]`: Lighthouse (mobile settings, Debian Chromium) on
 * the given paths (default: /shop and a product page), printing the four category scores and
 * the main timings. Figures only; it does not fail on them.
 *
 * Options:
 *   --base URL   a running site to measure (default: build into a private dir and serve it)
 *   --dist DIR   serve an existing node build instead of building
 *   --port N     port for the server it starts (default 4410)
 *   --runs N     runs per path, the median performance run is reported (default 1)
 * Other features add their pages by passing paths, e.g. `-- /blog /en/blog`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string' },
    dist: { type: 'string' },
    port: { type: 'string', default: '4410' },
    runs: { type: 'string', default: '1' },
  },
});
const paths = positionals.length ? positionals : ['/shop', '/product/chosen-ones-hoodie'];
const runs = Math.max(1, Number(values.runs));
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let server: ChildProcess | undefined;
let base = values.base;
if (!base) {
  let dist = values.dist ? resolve(values.dist) : undefined;
  if (!dist) {
    dist = resolve('node_modules/.cache/bench-lighthouse/dist');
    console.info(`Building into ${dist}…`);
    const build = spawnSync(
      process.execPath,
      [resolve('node_modules/.bin/astro'), 'build', '--outDir', dist],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, ADAPTER: 'node' },
      },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const entry = join(dist, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error(`${entry} not found: build with ADAPTER=node first`);
  server = spawn(process.execPath, [entry], {
    stdio: 'ignore',
    env: { ...process.env, HOST: '127.0.0.1', PORT: values.port },
  });
  base = `http://127.0.0.1:${values.port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(base)).ok) break;
    } catch {}
    if (i > 100) throw new Error('The server did not start.');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
type Row = {
  path: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  FCP: string;
  LCP: string;
  TBT: string;
  CLS: string;
};
const rows: Row[] = [];
try {
  for (const path of paths) {
    const results: Row[] = [];
    for (let r = 0; r < runs; r++) {
      const result = await lighthouse(new URL(path, base).href, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      results.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        FCP: audits['first-contentful-paint']?.displayValue ?? '',
        LCP: audits['largest-contentful-paint']?.displayValue ?? '',
        TBT: audits['total-blocking-time']?.displayValue ?? '',
        CLS: audits['cumulative-layout-shift']?.displayValue ?? '',
      });
      for (const [id, category] of Object.entries(categories)) {
        if (id !== 'performance' && (category.score ?? 1) < 1) {
          const failing = category.auditRefs
            .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id);
          console.info(`  ${path} ${id}: ${failing.join(', ')}`);
        }
      }
    }
    results.sort((a, b) => a.performance - b.performance);
    rows.push(results[Math.floor(results.length / 2)] as Row);
  }
} finally {
  chrome.kill();
  server?.kill();
}
console.info('Lighthouse, mobile (goal: performance >= 95, the others 100)');
const columns = Object.keys(rows[0] ?? {}) as (keyof Row)[];
const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
console.info(line(columns));
for (const row of rows) console.info(line(columns.map((c) => String(row[c]))));
