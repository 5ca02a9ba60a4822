/**
 * `npm run bench:lighthouse -- --signed-in`: Lighthouse (mobile, Debian Chromium) on the signed-in
 * pages with a real session of the seeded person each page is for, plus a signed-out visitor of a
 * gated page. It starts a fresh local stack (seeded demo accounts), builds the node build against
 * it, serves that compressed as `npm run bench:lighthouse` does, and for every run signs the person
 * in through the auth API (password grant) and puts the session where supabase-js keeps it
 * (localStorage) before any script of the page runs. Per page, the median of the runs of:
 * performance, LCP, TBT, the largest layout shift (CLS) of the runs and the time to first real content (the `first-content` mark the page sets
 * when its first data is on screen: src/lib/first-content.ts), then the issue's goals table.
 *
 * Positionals: measure only these of its paths or names (e.g. `/community /friends thread`); default all.
 * Options:
 *   --stack URL       use a running local stack (seeded) instead of starting one
 *   --backend-port N  port of the stack it starts (default 41521; Postgres etc. on the next four)
 *   --dist DIR        serve an existing node build (built with PUBLIC_SUPABASE_URL = the stack's
 *                     HTTP/2 front, https://127.0.0.1:41520; with --http1 the stack itself)
 *   --port N          port for the server it starts (default 4411)
 *   --runs N          runs per page; each figure printed is the median over them (default 3)
 *   --throttling M    `simulate` (default, as the public pages) or `devtools` (applied: the page
 *                     really runs with a slow CPU and network, so first-content is a mobile time)
 *   --encoding E      `br` (default) or `gzip`, as `npm run bench:lighthouse`
 *   --http1           serve the site and the stack over HTTP/1.1 (default HTTP/2 with TLS for both,
 *                     as Netlify and hosted Supabase answer browsers)
 *   LIGHTHOUSE_REPORTS=DIR  (environment) also write each run's report (JSON) there
 *   --chain           also print each page's first run as a chain: its requests in order, its
 *                     marks and its scripts' main-thread time (lighthouse-chain.ts)
 * Figures only; it does not fail on them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { ANON_KEY, DEMO_LOGINS, DEMO_PASSWORD } from '../../supabase/local/keys.ts';
import { type Stack, startStack } from '../../supabase/local/stack.ts';
import { chainLines } from './lighthouse-chain.ts';
import {
  buildAndServe,
  launchChrome,
  median,
  printTable,
  type Served,
  startHttp2Proxy,
} from './lighthouse-serve.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'signed-in': { type: 'boolean' },
    stack: { type: 'string' },
    'backend-port': { type: 'string', default: '41521' },
    dist: { type: 'string' },
    port: { type: 'string', default: '4411' },
    runs: { type: 'string', default: '3' },
    throttling: { type: 'string', default: 'simulate' },
    encoding: { type: 'string', default: 'br' },
    http1: { type: 'boolean', default: false },
    chain: { type: 'boolean' },
  },
});
const runs = Math.max(1, Number(values.runs));
const throttling = values.throttling === 'devtools' ? 'devtools' : 'simulate';
if (values.throttling !== throttling) throw new Error('--throttling is simulate or devtools');
if (values.encoding !== 'br' && values.encoding !== 'gzip') throw new Error('--encoding is br or gzip');

const login = (role: string, email: string) => {
  const found = DEMO_LOGINS.find((l) => l.email === email && l.role === role);
  if (!found) throw new Error(`No seeded ${role} ${email}`);
  return found;
};
const member = login('member', 'emma@example.com');
const otherMember = login('member', 'noah@example.com');
const admin = login('admin', 'admin@example.com');
const client = login('client', 'lotte@example.com');
/** Each signed-in page and whose session it is measured with. */
const allPages = [
  { name: 'community', path: '/community', as: member },
  { name: 'messages', path: '/messages', as: member },
  { name: 'thread', path: `/messages/${otherMember.id}`, as: member },
  { name: 'profile', path: '/profile', as: member },
  { name: 'friends', path: '/friends', as: member },
  { name: 'user', path: `/user/${otherMember.id}`, as: member },
  { name: 'TA dashboard', path: '/timeline-alchemy/admin/dashboard', as: admin },
  { name: 'TA wizard', path: '/timeline-alchemy/admin/preview-wizard', as: admin },
  { name: 'my-previews', path: '/timeline-alchemy/client/my-previews', as: client },
];
const pages = positionals.length
  ? allPages.filter((p) => positionals.includes(p.path) || positionals.includes(p.name))
  : allPages;
if (!pages.length)
  throw new Error(`None of ${positionals.join(' ')} is a signed-in page here (paths or names).`);

/** A fresh session of a seeded person, shaped as supabase-js persists it. */
async function signIn(stackUrl: string, email: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${stackUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`Sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as Record<string, unknown> & { expires_in: number };
  return { expires_at: Math.floor(Date.now() / 1000) + session.expires_in, ...session };
}

type Run = {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  firstContentMs: number;
  url: string;
};

/**
 * One Lighthouse run of `url` in a new tab; with a session, it is in localStorage (under
 * supabase-js's key, as src/lib/supabase/env.ts authStorageKey names it) before the page's first
 * script runs: Lighthouse clears the origin's storage first, the script on new document comes after.
 */
async function measure(
  browser: Browser,
  url: string,
  stackUrl: string,
  session?: object,
  chain = false,
): Promise<Run> {
  const page = await browser.newPage();
  try {
    // Lighthouse clears caches but not localStorage: no session of an earlier run may remain.
    const cdp = await page.createCDPSession();
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(url).origin,
      storageTypes: 'local_storage,indexeddb',
    });
    await cdp.detach();
    if (session) {
      const key = `sb-${new URL(stackUrl).hostname.split('.')[0]}-auth-token`;
      await page.evaluateOnNewDocument(
        (origin: string, k: string, v: string) => {
          if (location.origin === origin) localStorage.setItem(k, v);
        },
        new URL(url).origin,
        key,
        JSON.stringify(session),
      );
    }
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod: throttling },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      const name = `${new URL(url).pathname.replace(/[^\w-]+/g, '_')}-${Date.now()}.json`;
      writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(result.lhr));
    }
    const { categories, audits, finalDisplayedUrl, runtimeError } = result.lhr;
    if (chain) console.info(chainLines(result.lhr, url).join('\n'));
    if (runtimeError) console.info(`  ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const value = (id: string) => audits[id]?.numericValue ?? 0;
    const marks = (audits['user-timings']?.details as { items?: { name: string; startTime: number }[] })
      ?.items;
    return {
      performance: Math.round((categories['performance']?.score ?? 0) * 100),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      firstContentMs: marks?.find((m) => m.name === 'first-content')?.startTime ?? Number.NaN,
      url: finalDisplayedUrl,
    };
  } finally {
    await page.close();
  }
}

const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'none');
let stack: Stack | undefined;
let served: Served | undefined;
let front: ReturnType<typeof startHttp2Proxy> | undefined;
const chrome = await launchChrome();
try {
  let stackUrl = values.stack;
  if (!stackUrl) {
    const port = Number(values['backend-port']);
    console.info(`Starting a fresh local stack on ${port}…`);
    stack = await startStack({ port, dataDir: join('.e2e-data', `bench-signed-in-${port}`), fresh: true });
    stackUrl = stack.url;
  }
  // The pages talk to the stack as to hosted Supabase, over HTTP/2 (lighthouse-serve.ts), on the
  // port below the stack's; the bench itself signs in at the stack directly.
  front = values.http1 ? undefined : startHttp2Proxy(Number(new URL(stackUrl).port) - 1, stackUrl);
  served = await buildAndServe({
    dist: values.dist,
    buildDir: `node_modules/.cache/bench-lighthouse-signed-in-${values.port}${values.http1 ? '-http1' : ''}/dist`,
    port: Number(values.port),
    brotli: values.encoding === 'br',
    http1: values.http1,
    env: { PUBLIC_SUPABASE_URL: front?.url ?? stackUrl },
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows: Record<string, string | number>[] = [];
  const perPage: { performance: number; firstContentMs: number }[] = [];
  for (const { name, path, as } of pages) {
    const results: Run[] = [];
    for (let r = 0; r < runs; r++) {
      const session = await signIn(stackUrl, as.email);
      const href = new URL(path, served.base).href;
      const run = await measure(browser, href, stackUrl, session, Boolean(values.chain) && r === 0);
      results.push(run);
      console.info(
        `  ${path} run ${r + 1}: performance ${run.performance}, LCP ${s(run.lcpMs)}, first content ${s(run.firstContentMs)}`,
      );
    }
    const m = (key: Exclude<keyof Run, 'url'>) => median(results.map((x) => x[key]));
    const each = (key: Exclude<keyof Run, 'url'>) => results.map((x) => Math.round(x[key])).join('/');
    perPage.push({ performance: m('performance'), firstContentMs: m('firstContentMs') });
    rows.push({
      page: name,
      path,
      as: as.role,
      performance: m('performance'),
      LCP: s(m('lcpMs')),
      TBT: `${Math.round(m('tbtMs'))} ms`,
      // The largest of the runs: one run's shift is one visitor's page jumping.
      CLS: Math.max(...results.map((x) => x.cls)).toFixed(2),
      'first content': s(m('firstContentMs')),
      perfRuns: each('performance'),
      firstContentRuns: each('firstContentMs'),
    });
    const strayed = results.find((x) => new URL(x.url).pathname !== path);
    if (strayed) console.info(`  ${path}: a run ended on ${strayed.url} (session not accepted?)`);
  }

  // A visitor without a session on a gated page: the time until the sign-in page's LCP.
  const gated: Run[] = [];
  for (let r = 0; r < runs; r++)
    gated.push(await measure(browser, new URL('/community', served.base).href, stackUrl));
  const gatedLcp = median(gated.map((x) => x.lcpMs));
  const landed = [...new Set(gated.map((x) => new URL(x.url).pathname))].join(', ');
  await browser.disconnect();

  console.info(
    `\nLighthouse, mobile (${throttling} throttling), signed in with a fresh session per run; each figure is the median of ${runs} runs. "first content" is the page's performance.mark('first-content') from navigation start, as observed in the run: under simulate throttling the page itself runs unthrottled (LCP and TBT are the simulated phone's), so it is not a phone's time; --throttling devtools makes it one.`,
  );
  printTable(rows);
  console.info(
    `\nSigned-out visitor of /community: landed on ${landed}; LCP of the sign-in page reached ${s(gatedLcp)} (runs ${gated.map((x) => Math.round(x.lcpMs)).join('/')} ms)`,
  );
  const worstPerf = Math.min(...perPage.map((p) => p.performance));
  const worstFirst = Math.max(...perPage.map((p) => p.firstContentMs));
  const ok = (met: boolean) => (met ? 'met' : 'MISSED');
  console.info('\nGoals (issue 26):');
  printTable([
    {
      figure: 'signed-out visitor of a gated page: LCP of the sign-in page reached, mobile',
      now: s(gatedLcp),
      goal: '<= 1.0 s',
      met: ok(gatedLcp <= 1000),
    },
    {
      figure: 'signed-in pages: Lighthouse performance, mobile, median of 3 (lowest page)',
      now: String(worstPerf),
      goal: '>= 95 each',
      met: ok(worstPerf >= 95),
    },
    {
      figure: `signed-in pages: time to first real content (slowest page, ${throttling})`,
      now: s(worstFirst),
      goal: '<= 1.5 s each',
      met: ok(worstFirst <= 1500),
    },
    {
      figure: 'build, 2,000 products x 3 languages',
      now: 'npm run bench:build -- --products 2000',
      goal: '<= 60 s',
      met: '',
    },
  ]);
} finally {
  chrome.kill();
  served?.stop();
  front?.stop();
  await stack?.stop();
}
