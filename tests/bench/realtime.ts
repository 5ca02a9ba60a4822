/**
 * Realtime figures for `npm run bench:backend` (also runnable alone: `node tests/bench/realtime.ts`,
 * which starts a fresh stack in a temporary directory). Prints, never fails on timing; every loop
 * is bounded in count and time; only 127.0.0.1.
 * - fan-out: 500 connected members subscribed to posts, one new post: time until each has it
 *   (goal p95 <= 250 ms)
 * - direct messages: 200 pairs talking at once (a message a second each), insert ->
 *   postgres_changes at the receiver (goal p95 <= 150 ms); and the same 200 sending in one
 *   instant, as a stress case
 * - typing: broadcast round trip on private dm channels (goal p95 <= 100 ms)
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, RealtimeClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { signJwt } from '../../supabase/local/jwt.ts';
import { type Stack, startStack } from '../../supabase/local/stack.ts';

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
/** Resolves with the value, or NaN after `limit` ms: no wait is unbounded. */
const within = (p: Promise<number>, limit: number) => Promise.race([p, sleep(limit).then(() => Number.NaN)]);

const token = (sub: string) => signJwt({ sub, role: 'authenticated', aud: 'authenticated' }, 3600);

/** Creates `n` members directly in the database (profiles come from the sign-up trigger). */
export async function makeMembers(dbUrl: string, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(
      `insert into auth.users (id, email, raw_user_meta_data, email_confirmed_at)
       select id, 'bench-' || id || '@example.com', jsonb_build_object('display_name', 'Bench'), now()
         from unnest($1::uuid[]) as id`,
      [ids],
    );
  } finally {
    await db.end();
  }
  return ids;
}

export function summary(label: string, samples: number[], goal: string) {
  const ok = samples.filter((n) => !Number.isNaN(n));
  const lost = samples.length - ok.length;
  console.info(
    `${label}: p50 ${ms(pct(ok, 50))}, p95 ${ms(pct(ok, 95))}, max ${ms(Math.max(...ok))}` +
      `${lost ? `, ${lost} of ${samples.length} not arrived in time` : ''} (goal ${goal})`,
  );
}

async function subscribed(channel: ReturnType<RealtimeClient['channel']>) {
  return within(
    new Promise<number>((resolve) => channel.subscribe((s) => s === 'SUBSCRIBED' && resolve(0))),
    20_000,
  );
}

async function fanOut(stack: Stack, members: string[]) {
  const sockets: RealtimeClient[] = [];
  const arrivals = new Map<string, number[]>();
  try {
    for (const [i, id] of members.entries()) {
      const socket = new RealtimeClient(`${stack.url.replace(/^http/, 'ws')}/realtime/v1`, {
        params: { apikey: stack.anonKey },
      });
      sockets.push(socket);
      await socket.setAuth(await token(id));
      const channel = socket
        .channel(`feed-${i}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'posts' }, (p) => {
          arrivals.get(String((p.new as { title?: string }).title))?.push(performance.now());
        });
      if (Number.isNaN(await subscribed(channel))) throw new Error(`subscriber ${i} did not join`);
    }
    const author = createClient(stack.url, stack.anonKey, { accessToken: () => token(members[0] as string) });
    const samples: number[] = [];
    const alls: number[] = [];
    for (let round = 0; round < 6; round++) {
      const title = `fan-out ${round} ${randomUUID()}`;
      const got: number[] = [];
      arrivals.set(title, got);
      const t = performance.now();
      const { error } = await author.from('posts').insert({ user_id: members[0], title, content: 'bench' });
      if (error) throw new Error(`post insert failed: ${error.message}`);
      const end = Date.now() + 5000;
      while (got.length < members.length && Date.now() < end) await sleep(5);
      if (round === 0) continue; // warm-up
      samples.push(...got.map((at) => at - t), ...Array(members.length - got.length).fill(Number.NaN));
      alls.push(got.length === members.length ? Math.max(...got) - t : Number.NaN);
    }
    summary(
      `Realtime fan-out (${members.length} subscribers, 5 new posts, arrival per subscriber)`,
      samples,
      'p95 <= 250 ms',
    );
    summary('  time until every subscriber has the post', alls, '<= 250 ms');
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

/**
 * 200 pairs with their inbox channels open. `burst`: every pair sends in the same instant, 3
 * rounds (a stress case: 200 inserts at once on this machine's 2 cores). `talking`: each pair
 * sends a message every second at its own moment (200 messages a second in all), 5 seconds, as
 * 200 conversations going on at once do.
 */
async function messagesAtOnce(stack: Stack, members: string[], mode: 'burst' | 'talking') {
  const pairs = members.length / 2;
  const clients: SupabaseClient[] = [];
  const waiting = new Map<string, (at: number) => void>();
  try {
    for (let i = 0; i < pairs; i++) {
      const receiver = members[2 * i + 1] as string;
      const t = await token(receiver);
      const db = createClient(stack.url, stack.anonKey, { accessToken: async () => t });
      await db.realtime.setAuth(t); // Before the join, so it is made as the receiver.
      clients.push(db);
      const channel = db
        .channel(`inbox-${receiver}`)
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'messages', filter: `receiver_id=eq.${receiver}` },
          (p) => waiting.get(String((p.new as { content?: string }).content))?.(performance.now()),
        );
      if (Number.isNaN(await subscribed(channel as never))) throw new Error(`inbox ${i} did not join`);
    }
    const senders = await Promise.all(
      Array.from({ length: pairs }, async (_, i) => {
        const t = await token(members[2 * i] as string);
        return createClient(stack.url, stack.anonKey, { accessToken: async () => t });
      }),
    );
    const samples: number[] = [];
    let firstError: string | undefined;
    const afterAnswer: number[] = [];
    const sendOne = async (db: SupabaseClient, i: number, label: string) => {
      const content = `dm ${label} ${randomUUID()}`;
      const arrived = new Promise<number>((resolve) => waiting.set(content, resolve));
      const t = performance.now();
      const { error } = await db
        .from('messages')
        .insert({ sender_id: members[2 * i], receiver_id: members[2 * i + 1], content });
      if (error) {
        firstError ??= error.message;
        return [Number.NaN, Number.NaN] as const;
      }
      const answered = performance.now();
      const at = await within(arrived, 5000);
      return [at - t, Math.max(0, at - answered)] as const;
    };
    const record = (results: ReadonlyArray<readonly [number, number]>) => {
      samples.push(...results.map((r) => r[0]));
      afterAnswer.push(...results.map((r) => r[1]));
    };
    if (mode === 'burst') {
      for (let round = 0; round < 4; round++) {
        const results = await Promise.all(senders.map((db, i) => sendOne(db, i, `burst ${round}`)));
        if (round > 0) record(results); // round 0 warms up
      }
    } else {
      await Promise.all(senders.map((db, i) => sendOne(db, i, 'warm-up')));
      const results = await Promise.all(
        senders.map(async (db, i) => {
          const mine: Array<readonly [number, number]> = [];
          await sleep((i / pairs) * 1000); // each pair at its own moment within the second
          for (let second = 0; second < 5; second++) {
            const started = performance.now();
            mine.push(await sendOne(db, i, `talk ${second}`));
            await sleep(Math.max(0, 1000 - (performance.now() - started)));
          }
          return mine;
        }),
      );
      record(results.flat());
    }
    if (firstError) console.info(`  (a send failed: ${firstError})`);
    summary(
      mode === 'burst'
        ? `Direct messages, burst (${pairs} pairs sending in the same instant, 3 rounds, insert -> arrival)`
        : `Direct messages, ${pairs} pairs talking at once (a message a second each, 5 s, insert -> arrival)`,
      samples,
      mode === 'burst' ? 'none, a stress case' : 'p95 <= 150 ms',
    );
    summary('  of which after the insert was answered (the realtime part)', afterAnswer, 'none');
  } finally {
    for (const db of clients) await db.removeAllChannels();
  }
}

async function typingRoundTrip(stack: Stack, members: string[]) {
  const pairs = Math.min(50, members.length / 2);
  const clients: SupabaseClient[] = [];
  const samples: number[] = [];
  try {
    const rounds = await Promise.all(
      Array.from({ length: pairs }, async (_, i) => {
        const [a, b] = [members[2 * i] as string, members[2 * i + 1] as string];
        const topic = `dm:${[a, b].sort().join(':')}`;
        const [ta, tb] = [await token(a), await token(b)];
        const dbA = createClient(stack.url, stack.anonKey, { accessToken: async () => ta });
        const dbB = createClient(stack.url, stack.anonKey, { accessToken: async () => tb });
        clients.push(dbA, dbB);
        await Promise.all([dbA.realtime.setAuth(ta), dbB.realtime.setAuth(tb)]);
        let echo: ((at: number) => void) | null = null;
        const chB = dbB.channel(topic, { config: { private: true } });
        chB.on('broadcast', { event: 'typing' }, (m) => {
          void chB.send({ type: 'broadcast', event: 'typing-seen', payload: m['payload'] });
        });
        const chA = dbA
          .channel(topic, { config: { private: true } })
          .on('broadcast', { event: 'typing-seen' }, () => echo?.(performance.now()));
        if (Number.isNaN(await subscribed(chB as never)) || Number.isNaN(await subscribed(chA as never))) {
          throw new Error(`typing pair ${i} did not join`);
        }
        const mine: number[] = [];
        for (let n = 0; n < 21; n++) {
          const back = new Promise<number>((resolve) => {
            echo = resolve;
          });
          const t = performance.now();
          await chA.send({ type: 'broadcast', event: 'typing', payload: { n } });
          const rtt = (await within(back, 3000)) - t;
          if (n > 0) mine.push(rtt);
          await sleep(20);
        }
        return mine;
      }),
    );
    samples.push(...rounds.flat());
    summary(`Typing broadcast round trip (${pairs} private dm pairs, 20 each)`, samples, 'p95 <= 100 ms');
  } finally {
    for (const db of clients) await db.removeAllChannels();
  }
}

/** Runs the three realtime benchmarks against a running stack. */
export async function realtimeBench(stack: Stack): Promise<void> {
  const members = await makeMembers(stack.dbUrl, 500);
  await fanOut(stack, members);
  await messagesAtOnce(stack, members.slice(0, 400), 'talking');
  await messagesAtOnce(stack, members.slice(0, 400), 'burst');
  await typingRoundTrip(stack, members.slice(400));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-bench-realtime-'));
  const stack = await startStack({
    port: Number(process.env['BENCH_SUPABASE_PORT'] ?? 24721),
    dataDir,
    fresh: true,
  });
  try {
    await realtimeBench(stack);
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
