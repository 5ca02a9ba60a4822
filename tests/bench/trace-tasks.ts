/**
 * Where a signed-in page's long tasks come from (what Lighthouse's TBT counts): loads one page with
 * a seeded person's session in Debian Chromium, the CPU slowed 4x as Lighthouse's mobile
 * preset assumes, records a trace, and prints every main-thread task over 50 ms with what it
 * spent its time on (script by URL, parsing, style and layout, GC). Figures only.
 *
 *   npm run bench:trace -- --dist DIR [--as EMAIL] [--cpu 4] [--profile] PATH...
 *
 * `--profile` also prints the self time of each script and of the busiest functions.
 *
 * `--dist` is a node build made against the HTTP/2 front (https://127.0.0.1:41520) of the stack it
 * starts (port 41521), as the one `npm run bench:lighthouse -- --signed-in` leaves in
 * node_modules/.cache/bench-lighthouse-signed-in-4411/dist.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { ANON_KEY, DEMO_PASSWORD } from '../../supabase/local/keys.ts';
import { startStack } from '../../supabase/local/stack.ts';
import { fullChromiumPath } from '../chromium-path.ts';
import { buildAndServe, startHttp2Proxy } from './lighthouse-serve.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dist: { type: 'string' },
    as: { type: 'string', default: 'emma@example.com' },
    cpu: { type: 'string', default: '4' },
    profile: { type: 'boolean' },
  },
});
if (!values.dist || !positionals[0]) throw new Error('--dist DIR PATH...');
const started = await startStack({
  port: 41521,
  dataDir: join('.e2e-data', 'bench-trace-41521'),
  fresh: true,
});
const stack = started.url;
// As the signed-in Lighthouse bench serves them: the stack behind its HTTP/2 front, the site over HTTP/2.
const front = startHttp2Proxy(41520, stack);
const served = await buildAndServe({
  dist: values.dist,
  buildDir: '',
  port: 4411,
  brotli: true,
  env: { PUBLIC_SUPABASE_URL: front.url },
});

const res = await fetch(`${stack}/auth/v1/token?grant_type=password`, {
  method: 'POST',
  headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
  body: JSON.stringify({ email: values.as, password: DEMO_PASSWORD }),
});
const session = (await res.json()) as { expires_in: number };
const stored = JSON.stringify({ expires_at: Math.floor(Date.now() / 1000) + session.expires_in, ...session });
const key = `sb-${new URL(stack).hostname.split('.')[0]}-auth-token`;

const browser = await puppeteer.launch({
  executablePath: fullChromiumPath(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--ignore-certificate-errors',
  ],
  headless: true,
});
try {
  for (const path of positionals) {
    console.info(`\n${path}`);
    const page = await browser.newPage();
    await page.setViewport({
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await page.evaluateOnNewDocument((k: string, v: string) => localStorage.setItem(k, v), key, stored);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.cpu) });
    if (values.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.tracing.start({
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
      ],
    });
    await page.goto(new URL(path, served.base).href, { waitUntil: 'load' });
    await new Promise((r) => setTimeout(r, 8000));
    const trace = JSON.parse(Buffer.from((await page.tracing.stop()) ?? new Uint8Array()).toString()) as {
      traceEvents: {
        name: string;
        ph: string;
        ts: number;
        dur?: number;
        pid: number;
        tid: number;
        args?: { data?: { url?: string; functionName?: string; lineNumber?: number }; fileName?: string };
      }[];
    };
    if (values.profile) printProfile(((await cdp.send('Profiler.stop')) as { profile: Profile }).profile);
    const events = trace.traceEvents;
    const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStart');
    const t0 = nav?.ts ?? events[0]?.ts ?? 0;
    // The renderer's main thread: the thread with the most RunTask time and a ParseHTML.
    const parse = events.find((e) => e.name === 'ParseHTML');
    const tasks = events.filter(
      (e) =>
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        e.pid === parse?.pid &&
        e.tid === parse?.tid &&
        (e.dur ?? 0) > 50_000,
    );
    const marks = events.filter(
      (e) =>
        e.pid === parse?.pid &&
        /first-content|firstContentfulPaint|largestContentfulPaint::Candidate/.test(e.name),
    );
    for (const m of marks) console.info(`mark ${m.name} at ${((m.ts - t0) / 1000).toFixed(0)} ms`);
    for (const e of events.filter(
      (x) => x.name === 'EvaluateScript' && x.pid === parse?.pid && x.tid === parse?.tid,
    ))
      console.info(
        `  script at ${((e.ts - t0) / 1000).toFixed(0)} ms, ${((e.dur ?? 0) / 1000).toFixed(1)} ms: ${(e.args?.data?.url ?? '').split('/').pop()} line ${e.args?.data?.lineNumber ?? '?'}:${(e.args?.data as { columnNumber?: number } | undefined)?.columnNumber ?? '?'}`,
      );
    let tbt = 0;
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0);
      const inside = events.filter(
        (e) =>
          e.pid === task.pid &&
          e.tid === task.tid &&
          e.ph === 'X' &&
          e.ts >= task.ts &&
          e.ts < end &&
          e !== task,
      );
      const by = new Map<string, number>();
      for (const e of inside) {
        let label: string | undefined;
        if (e.name === 'EvaluateScript' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule')
          label = `${e.name} ${(e.args?.data?.url ?? e.args?.fileName ?? '').split('/').pop()}`;
        else if (e.name === 'FunctionCall')
          label = `call ${(e.args?.data?.url ?? '').split('/').pop()}:${e.args?.data?.functionName ?? ''}`;
        else if (
          [
            'ParseHTML',
            'UpdateLayoutTree',
            'Layout',
            'MinorGC',
            'MajorGC',
            'ParseAuthorStyleSheet',
            'Paint',
            'TimerFire',
            'FireAnimationFrame',
            'EventDispatch',
            'v8.parseOnBackground',
            'XHRReadyStateChange',
            'ResourceReceiveResponse',
          ].includes(e.name)
        )
          label = e.name;
        if (label) by.set(label, (by.get(label) ?? 0) + (e.dur ?? 0));
      }
      const top = [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
      const ms = (task.dur ?? 0) / 1000;
      tbt += Math.max(0, ms - 50);
      console.info(
        `task at ${((task.ts - t0) / 1000).toFixed(0)} ms, ${ms.toFixed(0)} ms: ${top.map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`).join(' | ')}`,
      );
    }
    console.info(`sum over 50 ms: ${tbt.toFixed(0)} ms (all tasks, not only after FCP)`);
    await page.close();
  }
} finally {
  await browser.close();
  served.stop();
  front.stop();
  await started.stop();
}

type Profile = {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
};

/** Self time per script and per function (the top 25), from a CPU profile of the whole load. */
function printProfile(profile: Profile): void {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byUrl = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    const url = node.callFrame.url.split('/').pop() || `(${node.callFrame.functionName || 'program'})`;
    byUrl.set(url, (byUrl.get(url) ?? 0) + us);
    const fn = `${url}:${node.callFrame.functionName || '(anonymous)'}:${node.callFrame.lineNumber}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${(v / 1000).toFixed(0).padStart(5)} ms  ${k}`)
      .join('\n');
  console.info(`self time by script (CPU slowed):\n${top(byUrl, 12)}\nby function:\n${top(byFn, 25)}`);
}
