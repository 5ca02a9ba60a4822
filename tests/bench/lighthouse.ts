/**
 * `npm run bench:lighthouse -- [paths...]`: Lighthouse (mobile settings, Debian Chromium) on
 * the given paths (default: home, article, policy, about, shop and a product page in each
 * language), printing the median of each category score and main timing over the runs, every
 * run's performance, LCP and TBT, and whether the page meets the goals. The node build is served
 * compressed, as a host or CDN serves it. Figures only; it does not fail on them.
 *
 * Options:
 *   --base URL   a running site to measure (default: build into a private dir and serve it)
 *   --dist DIR   serve an existing node build instead of building
 *   --port N     port for the server it starts (default 4410)
 *   --runs N     runs per path; each figure printed is the median over them (default 3)
 *   --encoding E `br` (default: Brotli where the browser accepts it, else gzip, as Netlify's CDN
 *                serves Chrome) or `gzip` (gzip only, as a plain static server does)
 *   LIGHTHOUSE_REPORTS=DIR  also write each run's report and trace (JSON) there, to see why
 * Other features add their pages by passing paths, e.g. `-- /blog /en/blog`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string' },
    dist: { type: 'string' },
    port: { type: 'string', default: '4410' },
    runs: { type: 'string', default: '3' },
    encoding: { type: 'string', default: 'br' },
  },
});
const pagesPerLanguage = [
  '/',
  '/blog/ego-to-eden/de-stem-in-je-hoofd',
  '{policy}',
  '/about',
  '/shop',
  '/product/chosen-ones-hoodie',
];
const policy = { '': '/privacybeleid', '/en': '/privacy-policy', '/de': '/datenschutz' } as const;
const defaultPaths = (['', '/en', '/de'] as const).flatMap((prefix) =>
  pagesPerLanguage.map((p) => (p === '{policy}' ? `${prefix}${policy[prefix]}` : `${prefix}${p}` || '/')),
);
const paths = positionals.length ? positionals : defaultPaths;
const runs = Math.max(1, Number(values.runs));
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let server: ChildProcess | undefined;
let gzipProxy: Server | undefined;

if (values.encoding !== 'br' && values.encoding !== 'gzip') throw new Error('--encoding is br or gzip');
const brotli = values.encoding === 'br';

/**
 * Serves `target` on `port` with text answers compressed as a host does: Brotli where the browser
 * accepts it (Netlify's CDN does that for Chrome), else gzip; gzip only with `--encoding gzip`.
 */
function startGzipProxy(port: number, target: string): Server {
  const proxy = createServer(async (req, res) => {
    try {
      const upstream = await fetch(new URL(req.url ?? '/', target), {
        method: req.method ?? 'GET',
        headers: { accept: String(req.headers.accept ?? '*/*') },
        redirect: 'manual',
      });
      const headers = Object.fromEntries(upstream.headers);
      delete headers['content-length'];
      delete headers['content-encoding'];
      delete headers['transfer-encoding'];
      const body = Buffer.from(await upstream.arrayBuffer());
      const type = upstream.headers.get('content-type') ?? '';
      const accepts = String(req.headers['accept-encoding'] ?? '');
      const encoding = brotli && /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : '';
      if (encoding && /text|javascript|json|xml|svg/.test(type) && body.length > 1024) {
        const zipped =
          encoding === 'br'
            ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
            : gzipSync(body);
        res.writeHead(upstream.status, {
          ...headers,
          'content-encoding': encoding,
          'content-length': zipped.length,
        });
        res.end(zipped);
      } else {
        res.writeHead(upstream.status, { ...headers, 'content-length': body.length });
        res.end(body);
      }
    } catch {
      res.writeHead(502).end();
    }
  });
  proxy.listen(port, '127.0.0.1');
  return proxy;
}
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
  const innerPort = String(Number(values.port) + 1);
  server = spawn(process.execPath, [entry], {
    stdio: 'ignore',
    env: { ...process.env, HOST: '127.0.0.1', PORT: innerPort },
  });
  gzipProxy = startGzipProxy(Number(values.port), `http://127.0.0.1:${innerPort}`);
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
/** One run's figures; a row of the table holds the median of each over the runs. */
type Run = {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};
type Row = Record<string, string | number>;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
/** The goals: every category 100, LCP <= 1.2 s on shop and product pages, else <= 1.0 s. */
const lcpGoalMs = (path: string) => (/\/(shop|product|products)(\/|$)/.test(path) ? 1200 : 1000);
const rows: Row[] = [];
try {
  for (const path of paths) {
    const results: Run[] = [];
    for (let r = 0; r < runs; r++) {
      const result = await lighthouse(new URL(path, base).href, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      if (process.env.LIGHTHOUSE_REPORTS) {
        mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        const name = `${path.replace(/[^\w-]+/g, '_') || 'home'}-${r + 1}.json`;
        writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(result.lhr));
        const trace = (result.artifacts as { Trace?: unknown }).Trace;
        if (trace)
          writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `trace-${name}`), JSON.stringify(trace));
      }
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (id: string) => audits[id]?.numericValue ?? 0;
      results.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        fcpMs: value('first-contentful-paint'),
        lcpMs: value('largest-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
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
    const m = (key: keyof Run) => median(results.map((r) => r[key]));
    const each = (key: keyof Run) => results.map((r) => Math.round(r[key])).join('/');
    const met =
      m('performance') === 100 &&
      m('accessibility') === 100 &&
      m('best-practices') === 100 &&
      m('seo') === 100 &&
      m('lcpMs') <= lcpGoalMs(path);
    rows.push({
      path,
      performance: m('performance'),
      accessibility: m('accessibility'),
      'best-practices': m('best-practices'),
      seo: m('seo'),
      FCP: `${(m('fcpMs') / 1000).toFixed(2)} s`,
      LCP: `${(m('lcpMs') / 1000).toFixed(2)} s`,
      TBT: `${Math.round(m('tbtMs'))} ms`,
      CLS: m('cls').toFixed(3),
      goal: `${met ? 'met' : 'MISSED'} (LCP <= ${(lcpGoalMs(path) / 1000).toFixed(1)} s)`,
      perfRuns: each('performance'),
      lcpRuns: each('lcpMs'),
      tbtRuns: each('tbtMs'),
    });
  }
} finally {
  chrome.kill();
  server?.kill();
  gzipProxy?.close();
}
console.info(
  `Lighthouse, mobile, ${brotli ? 'Brotli (gzip where not accepted)' : 'gzip'}: each figure is the median of ${runs} runs; perfRuns, lcpRuns and tbtRuns (ms) list every run (goal: performance 100, the others 100; LCP <= 1.0 s on content pages, <= 1.2 s on shop and product)`,
);
const columns = Object.keys(rows[0] ?? {});
const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
console.info(line(columns));
for (const row of rows) console.info(line(columns.map((c) => String(row[c]))));
