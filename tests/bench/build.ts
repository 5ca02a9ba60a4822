/**
 * `npm run bench:build -- --products 2000`: builds the whole site against a generated local
 * catalog of that many products and prints the build time and pages per second. Builds into a
 * private directory (never the shared dist/). Figures only; it does not fail on timing.
 *
 * Options: --products N (default 2000), --out-dir DIR (default node_modules/.cache/bench-build).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { largeCatalog } from '../../src/lib/storefront/local/generate-catalog.ts';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '2000' }, 'out-dir': { type: 'string' } },
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

console.info(`Building with ${count} products (3 languages) on ${cpus().length} cores…`);
const started = performance.now();
const build = spawnSync(process.execPath, [resolve('node_modules/.bin/astro'), 'build', '--outDir', outDir], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ADAPTER: 'node', LOCAL_CATALOG_FILE: catalogFile },
});
const seconds = (performance.now() - started) / 1000;
if (build.status !== 0) {
  console.error(`The build failed (exit ${build.status}).`);
  process.exit(build.status ?? 1);
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
console.info(`build time:      ${seconds.toFixed(1)} s (goal <= 90 s)`);
console.info(`pages per second: ${(pages / seconds).toFixed(0)}`);
