/**
 * `npm run bench:lighthouse -- [paths...]`: Lighthouse (mobile settings, Debian Chromium) on
 * the given paths (default: home, article, policy, about, shop and a product page in each
 * language), printing the median of each category score and main timing over the runs, every
 * run's performance, LCP and TBT, and whether the page meets the goals; also the sign-in page and
 * a signed-out visit of /community (sent on to the sign-in page: its LCP is the one reached). The node build is served
 * compressed, as a host or CDN serves it. Figures only; it does not fail on them.
 *
 * Options:
 *   --base URL   a running site to measure (default: build into a private dir and serve it)
 *   --dist DIR   serve an existing node build instead of building
 *   --port N     port for the server it starts (default 4410)
 *   --runs N     runs per path; each figure printed is the median over them (default 3)
 *   --encoding E `br` (default: Brotli where the browser accepts it, else gzip, as Netlify's CDN
 *                serves Chrome) or `gzip` (gzip only, as a plain static server does)
 *   --http1      serve over HTTP/1.1 (default: HTTP/2 over TLS with a certificate of the run's own,
 *                as the CDN answers browsers; see lighthouse-serve.ts for what it changes)
 *   --signed-in  the signed-in pages with a real session instead (see lighthouse-signed-in.ts)
 *   LIGHTHOUSE_REPORTS=DIR  also write each run's report and trace (JSON) there, to see why
 * Other features add their pages by passing paths, e.g. `-- /blog /en/blog`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import {
  benchGet,
  buildAndServe,
  launchChrome,
  median,
  printTable,
  type Served,
} from './lighthouse-serve.ts';

// `--signed-in`: the signed-in pages with a real session instead (lighthouse-signed-in.ts).
if (process.argv.includes('--signed-in')) {
  await import('./lighthouse-signed-in.ts');
  process.exit(0);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string' },
    dist: { type: 'string' },
    port: { type: 'string', default: '4410' },
    runs: { type: 'string', default: '3' },
    encoding: { type: 'string', default: 'br' },
    http1: { type: 'boolean', default: false },
  },
});
const pagesPerLanguage = [
  '/',
  '/blog/ego-to-eden/de-stem-in-je-hoofd',
  '{policy}',
  '/about',
  '/shop',
  '/product/chosen-ones-hoodie',
  // Every member passes through the sign-in page.
  '/auth',
];
const policy = { '': '/privacybeleid', '/en': '/privacy-policy', '/de': '/datenschutz' } as const;
const defaultPaths = (['', '/en', '/de'] as const).flatMap((prefix) =>
  pagesPerLanguage.map((p) => (p === '{policy}' ? `${prefix}${policy[prefix]}` : `${prefix}${p}` || '/')),
);
// A visitor without a session on a gated page is sent to sign in (SessionGate.astro): the row's
// LCP is that of the sign-in page, reached from the first request for /community.
const paths = positionals.length ? positionals : [...defaultPaths, '/community'];
const runs = Math.max(1, Number(values.runs));

if (values.encoding !== 'br' && values.encoding !== 'gzip') throw new Error('--encoding is br or gzip');
const brotli = values.encoding === 'br';

let served: Served | undefined;
let base = values.base;
if (!base) {
  served = await buildAndServe({
    dist: values.dist,
    buildDir: 'node_modules/.cache/bench-lighthouse/dist',
    port: Number(values.port),
    brotli,
    http1: values.http1,
  });
  base = served.base;
}

/**
 * Asks for each page and the files it names (and those name) once before measuring, so the served
 * answers are the kept compressed ones (lighthouse-serve.ts) on every measured run, the first too.
 */
async function warm(base: string, path: string): Promise<void> {
  const seen = new Set<string>();
  const queue = [new URL(path, base).href];
  for (let url = queue.shift(); url; url = queue.shift()) {
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await benchGet(url, { 'accept-encoding': 'br, gzip' }).catch(() => null);
    const text = response?.ok ? response.text : '';
    for (const [ref] of text.matchAll(/(?:\/_astro\/|\.\/)[\w.-]+\.(?:js|css)/g))
      queue.push(new URL(ref, url).href);
  }
}
for (const path of paths) await warm(base, path);

const chrome = await launchChrome();
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
  served?.stop();
}
console.info(
  `Lighthouse, mobile, ${brotli ? 'Brotli (gzip where not accepted)' : 'gzip'}: each figure is the median of ${runs} runs; perfRuns, lcpRuns and tbtRuns (ms) list every run (goal: performance 100, the others 100; LCP <= 1.0 s on content pages, <= 1.2 s on shop and product)`,
);
printTable(rows);
