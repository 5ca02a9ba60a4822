/**
 * `npm run bench:build -- --products 2000`: builds the whole site against a generated local
 * catalog of that many products and prints the build time and pages per second. Builds into a
 * private directory (never the shared dist/). Figures only; it does not fail on timing.
 *
 * It prints the CPU time and the load average beside the time: this machine is shared, so compare
 * builds run back to back.
 *
 * Options: --products N (default 2000), --out-dir DIR (default node_modules/.cache/bench-build),
 * --cpu-prof DIR (profile the build: one .cpuprofile per thread in DIR).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { largeCatalog } from '../../src/lib/storefront/local/generate-catalog.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '2000' },
    'out-dir': { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const count = Number(values.products);
if (!Number.isInteger(count) || count < 1) throw new Error('--products needs a positive whole number');

// Inside the project, so the build's server bundle resolves node_modules.
const work = resolve(values['out-dir'] ?? 'node_modules/.cache/bench-build');
const outDir = join(work, 'dist');
const catalogFile = join(work, `catalog-${count}.json`);
mkdirSync(work, { recursive: true });
rmSync(outDir, { recursive: true, force: true });
writeFileSync(catalogFile, JSON.stringify(largeCatalog(count)));

type HtmlStats = { count: number; largest: { path: string; bytes: number }; overLimit: number };
/** Pages over this size miss the goal (no HTML page over 150 KB). */
const HTML_LIMIT = 150 * 1024;

function htmlStats(
  dir: string,
  stats: HtmlStats = { count: 0, largest: { path: '', bytes: 0 }, overLimit: 0 },
) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const info = statSync(path);
    if (info.isDirectory()) htmlStats(path, stats);
    else if (entry.endsWith('.html')) {
      stats.count++;
      if (info.size > HTML_LIMIT) stats.overLimit++;
      if (info.size > stats.largest.bytes) stats.largest = { path, bytes: info.size };
    }
  }
  return stats;
}

/** CPU seconds (user + system) of this process's waited-for children: the build and its threads. */
function childCpuSeconds(): number {
  // /proc/self/stat: fields 16 and 17 (cutime, cstime) in clock ticks, 100 a second on Linux.
  const fields = readFileSync('/proc/self/stat', 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.info(`Building with ${count} products (3 languages) on ${cpus().length} cores…`);
const loadBefore = load();
const started = performance.now();
/** When Astro's log first showed each step (its output is read, not printed). */
const marks: { bundled?: number; prerendered?: number } = {};
let criticalCssLine = '';
// --cpu-prof DIR: the build runs under V8's profiler (slower; one .cpuprofile per thread in DIR).
const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values['cpu-prof'])}`] : [];
const astro = [resolve('node_modules/.bin/astro'), 'build', '--outDir', outDir];
const build = spawn(process.execPath, [...profile, ...astro], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, ADAPTER: 'node', LOCAL_CATALOG_FILE: catalogFile },
});
for await (const line of createInterface({ input: build.stdout })) {
  if (/(prerendering|generating) static routes/.test(line)) marks.bundled ??= performance.now();
  else if (line.includes('Rearranging server assets')) marks.prerendered ??= performance.now();
  else if (line.includes('[critical-css]')) criticalCssLine = line.replace(/^.*\[critical-css\]\s*/, '');
}
const status = await new Promise<number | null>((done) =>
  build.exitCode !== null ? done(build.exitCode) : build.once('exit', (code) => done(code)),
);
const ended = performance.now();
const seconds = (ended - started) / 1000;
const cpuSeconds = childCpuSeconds();
const loadAfter = load();
if (status !== 0) {
  console.error(`The build failed (exit ${status}).`);
  process.exit(status ?? 1);
}
const client = join(outDir, 'client');
const stats = htmlStats(client);
const pages = stats.count;
console.info(`products:        ${count}`);
console.info(`html pages:      ${pages}`);
console.info(
  `largest html:    ${(stats.largest.bytes / 1024).toFixed(1)} KB (${stats.largest.path.slice(client.length)}; goal <= 150 KB)`,
);
console.info(`pages > 150 KB:  ${stats.overLimit}`);
const span = (from: number | undefined, to: number | undefined) =>
  from === undefined || to === undefined ? '?' : `${((to - from) / 1000).toFixed(1)} s`;
console.info(`build time:      ${seconds.toFixed(1)} s (goal <= 60 s)`);
console.info(
  `  bundling:      ${span(started, marks.bundled)} (config, server, client and prerender bundles)`,
);
console.info(`  prerendering:  ${span(marks.bundled, marks.prerendered)} (every page rendered)`);
console.info(`  after it:      ${span(marks.prerendered, ended)} (critical CSS, sitemap, security headers)`);
if (criticalCssLine) console.info(`  critical CSS:  ${criticalCssLine}`);
// The machine is shared: the time depends on what else runs, so compare builds back to back and
// read the CPU time beside it (the work done, whatever the wait for a core).
console.info(`cpu time:        ${cpuSeconds.toFixed(1)} s (user + system, every thread of the build)`);
console.info(`load average:    ${loadBefore} before, ${loadAfter} after (1, 5, 15 min)`);
console.info(`pages per second: ${(pages / seconds).toFixed(0)}`);
