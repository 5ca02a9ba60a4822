/**
 * `npm run bench:newsletter`: 200 concurrent sign-ups against a fresh local stack, 50 of them two
 * requests for the same 25 addresses at the same moment. Prints figures and checks:
 * 0 lost, 0 duplicated subscribers, every confirmation mail captured exactly once (no mail lost,
 * none sent twice), one sign-up ledger row per request, and the endpoint's p50/p95.
 * The endpoint is the same handler the Astro route calls (handleNewsletterSignUp), served over
 * HTTP by a plain node server, with the real database functions and the real SMTP capture. The
 * endpoint only writes the sign-up and its outbox row; the stack's outbox worker (as the Netlify
 * scheduled function in production) sends the mails, so the latency has no SMTP in it: the bench
 * prints the p95 (goal <= 300 ms) and how long after the last answer the last mail arrived.
 * Three processes, as in production: the stack (database, PostgREST, the outbox worker, the SMTP
 * capture), this one (the endpoint, as the site's function) and the visitors (newsletter-load.ts).
 * Where the time goes: the server's own time per request, the RPC seen from the handler, the
 * database's time per function and what its sessions waited on.
 * Exits 1 when a correctness check fails; timing never fails it.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CONSENT_VERSION } from '../../src/features/newsletter/consent.ts';
import { handleNewsletterSignUp } from '../../src/features/newsletter/handler.ts';
import { supabaseNewsletterStore } from '../../src/features/newsletter/store.ts';
import { cpuByRole, cpuSnapshot, printCpuTable } from './newsletter-cpu.ts';
import { startStackProcess } from './stack-process.ts';

const PORT = Number(process.env['BENCH_SUPABASE_PORT'] ?? 24761);
const SINGLES = 150;
const TWICE = 25;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

const dataDir = await mkdtemp(join(tmpdir(), 'sb-bench-newsletter-'));
// The stack (database, PostgREST, gateway, the outbox worker and the SMTP capture) in a process of
// its own, as in production the endpoint's function shares no CPU time with the mail worker: in
// this process it did (the worker rendering and the capture parsing 200 mails while the sign-ups
// waited in the same event loop).
const stack = await startStackProcess({ port: PORT, dataDir });
process.env['SMTP_URL'] = stack.smtpUrl;
const db = new pg.Client({ connectionString: stack.dbUrl });
await db.connect();
// Requests name their IP in a header (the limit counts per IP, its lock queues per IP: one IP for
// all would serialise every sign-up); lift the per-IP limit anyway for this throwaway stack only.
await db.query("update private.newsletter_limits set max_count = 100000 where name = 'per_ip'");

// Where a sign-up's time goes: the RPC's round trip seen from the handler, the database's time per
// function (track_functions), and what the database's sessions wait on, sampled during the burst.
const baseStore = supabaseNewsletterStore(stack.url, stack.serviceKey);
const rpcTimes: number[] = [];
const store: typeof baseStore = {
  ...baseStore,
  async signUp(input) {
    const t = performance.now();
    const result = await baseStore.signUp(input);
    rpcTimes.push(performance.now() - t);
    return result;
  },
};
await db.query(`alter system set track_functions = 'all'`);
await db.query('select pg_reload_conf()');
await db.query('select pg_stat_reset()');
const serverTimes: number[] = [];
const server = createServer(async (req, res) => {
  const arrived = performance.now();
  res.on('finish', () => serverTimes.push(performance.now() - arrived));
  let body = '';
  for await (const chunk of req) body += chunk;
  const request = new Request(`http://127.0.0.1${req.url}`, {
    method: req.method ?? 'POST',
    headers: req.headers as Record<string, string>,
    body,
  });
  const response = await handleNewsletterSignUp(
    request,
    { store },
    {
      // Many visitors: each request names its own address (TEST-NET 198.18.0.0/15, for benchmarks).
      ip: String(req.headers['x-bench-ip'] ?? req.socket.remoteAddress ?? ''),
      origin: 'http://127.0.0.1:4321',
    },
  );
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(await response.text());
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
const endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/newsletter`;

const run = randomUUID().slice(0, 8);
const singles = Array.from({ length: SINGLES }, (_, i) => `bench-${run}-s${i}@example.org`);
const doubles = Array.from({ length: TWICE }, (_, i) => `bench-${run}-d${i}@example.org`);
const requests = [...singles, ...doubles, ...doubles].sort(() => Math.random() - 0.5);

console.info(
  `Newsletter bench: ${requests.length} concurrent sign-ups (${SINGLES} addresses once, ${TWICE} addresses twice at once)`,
);
// Every 100 ms: its queries run in this process, whose CPU the table below counts as the endpoint's.
const sampler = new pg.Client({ connectionString: stack.dbUrl });
await sampler.connect();
const waits = new Map<string, number>();
let sampling = true;
const sampled = (async () => {
  while (sampling) {
    const { rows } = await sampler.query<{ what: string; n: number }>(
      `select coalesce(wait_event_type || ':' || wait_event, 'on CPU') || ' (' || coalesce(left(query, 40), '') || ')' as what,
              count(*)::int as n
         from pg_stat_activity
        where backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid()
        group by 1`,
    );
    for (const row of rows) waits.set(row.what, (waits.get(row.what) ?? 0) + row.n);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();
const started = performance.now();
const cpuBefore = cpuSnapshot({ 'endpoint (this process)': process.pid });
// The visitors in their own process: their fetch machinery takes no time from the server's.
const { results, cpuMs: visitorsCpuMs } = await new Promise<{
  results: Array<{ status: number; ms: number }>;
  cpuMs: number;
}>((resolve, reject) => {
  const load = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('./newsletter-load.ts', import.meta.url)),
      JSON.stringify({ endpoint, requests, consentVersion: CONSENT_VERSION }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  load.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  load.once('exit', (code) =>
    code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`the load process exited with ${code}`)),
  );
});
const wall = performance.now() - started;
const cpu = cpuByRole(cpuBefore, cpuSnapshot({ 'endpoint (this process)': process.pid }));
cpu.set('visitors (load process)', { ms: visitorsCpuMs, processes: 1 });
sampling = false;
await sampled;
await sampler.end();

// The worker sends in the background: wait until every queued mail is sent (or 60 s pass).
const answered = performance.now();
const pending = async () =>
  (
    await db.query<{ n: number }>(
      `select count(*)::int as n from private.mail_outbox where "to" like $1 and sent_at is null and failed_at is null`,
      [`bench-${run}-%`],
    )
  ).rows[0]?.n ?? 0;
while ((await pending()) > 0 && performance.now() - answered < 60_000) {
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const drained = performance.now() - answered;

const distinct = new Set(requests);
const { rows: subs } = await db.query<{ email: string; n: number }>(
  'select email, count(*)::int as n from public.newsletter_subscribers where email like $1 group by email',
  [`bench-${run}-%`],
);
const { rows: ledger } = await db.query<{ event: string; n: number }>(
  'select event, count(*)::int as n from public.newsletter_consents where email like $1 group by event',
  [`bench-${run}-%`],
);
const mails = (await (await fetch(`${stack.inboxUrl}/api/messages`)).json()) as Array<{
  to: string;
  headers: Record<string, string>;
}>;
const benchMails = mails.filter((m) => m.to.startsWith(`bench-${run}-`));
const messageIds = new Set(benchMails.map((m) => m.headers['message-id']));
const mailsPerAddress = new Map<string, number>();
for (const m of benchMails) mailsPerAddress.set(m.to, (mailsPerAddress.get(m.to) ?? 0) + 1);
const expectedMails = (email: string) => requests.filter((r) => r === email).length;

const accepted = results.filter((r) => r.status === 202).length;
const lost = [...distinct].filter((e) => !subs.some((s) => s.email === e)).length;
const duplicated = subs.filter((s) => s.n > 1).length;
const mailMismatch = [...distinct].filter((e) => (mailsPerAddress.get(e) ?? 0) !== expectedMails(e)).length;
const events = Object.fromEntries(ledger.map((l) => [l.event, l.n]));
const latencies = results.map((r) => r.ms);

const checks = [
  ['answers 202', accepted === requests.length, `${accepted}/${requests.length}`],
  ['subscribers lost', lost === 0, String(lost)],
  ['subscribers duplicated', duplicated === 0, String(duplicated)],
  [
    'confirmation mails captured',
    benchMails.length === requests.length,
    `${benchMails.length}/${requests.length}`,
  ],
  [
    'mails sent twice (same Message-ID)',
    messageIds.size === benchMails.length,
    String(benchMails.length - messageIds.size),
  ],
  ['addresses with a wrong mail count', mailMismatch === 0, String(mailMismatch)],
  ['ledger sign_up rows', events['sign_up'] === requests.length, String(events['sign_up'] ?? 0)],
  [
    'ledger confirmation_sent rows',
    events['confirmation_sent'] === requests.length,
    String(events['confirmation_sent'] ?? 0),
  ],
] as const;
for (const [name, ok, value] of checks) console.info(`  ${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(36)} ${value}`);
console.info(`  distinct addresses                   ${distinct.size} (subscriber rows: ${subs.length})`);
console.info(
  `  endpoint latency                     p50 ${pct(latencies, 50).toFixed(0)} ms, p95 ${pct(latencies, 95).toFixed(0)} ms (goal <= 300, no SMTP in it), max ${Math.max(...latencies).toFixed(0)} ms`,
);
console.info(
  `  all mails sent                       ${(drained / 1000).toFixed(2)} s after the last answer (outbox worker, SMTP capture)`,
);
console.info(
  `  wall time                            ${(wall / 1000).toFixed(2)} s (${((requests.length / wall) * 1000).toFixed(0)} sign-ups/s)`,
);

console.info(
  `  the server, request in to answer out  p50 ${pct(serverTimes, 50).toFixed(0)} ms, p95 ${pct(serverTimes, 95).toFixed(0)} ms`,
);
console.info(
  `  the RPC seen from the handler         p50 ${pct(rpcTimes, 50).toFixed(0)} ms, p95 ${pct(rpcTimes, 95).toFixed(0)} ms (the rest of the latency: the node process)`,
);
const { rows: fns } = await db.query<{ fn: string; calls: number; total: number; self: number }>(
  `select schemaname || '.' || funcname as fn, calls::int, total_time::float as total, self_time::float as self
     from pg_stat_user_functions order by total_time desc limit 12`,
);
console.info('  database time per function (all calls during the run; total includes waits in it):');
for (const f of fns)
  console.info(
    `    ${f.fn.padEnd(48)} ${String(f.calls).padStart(5)} calls, ${(f.total / Math.max(f.calls, 1)).toFixed(2)} ms each (self ${(f.self / Math.max(f.calls, 1)).toFixed(2)})`,
  );
printCpuTable(cpu, requests.length);
const total = [...waits.values()].reduce((a, b) => a + b, 0);
console.info('  what active database sessions were doing (samples every 100 ms during the burst):');
for (const [what, n] of [...waits].sort((a, b) => b[1] - a[1]).slice(0, 8))
  console.info(`    ${String(Math.round((n / Math.max(total, 1)) * 100)).padStart(3)}% ${what}`);
server.close();
await db.end();
await stack.stop();
await rm(dataDir, { recursive: true, force: true });
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
