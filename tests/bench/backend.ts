/**
 * `npm run bench:backend`: figures for the local Supabase stack. Prints, never fails on timing.
 * - cold start of the stack with an existing data directory (goal <= 3 s)
 * - p50/p95 of the community feed query at 100,000 posts through supabase-js (goal p95 <= 30 ms)
 * - realtime delivery latency p95 (goal <= 250 ms)
 * - direct messages: the conversation list at 500 conversations / 200,000 messages (messages.ts)
 * - realtime fan-out to 500 members, 200 pairs messaging at once, typing round trip (realtime.ts)
 * - community feed first page and deep cursor page at 1,000,000 posts, with plans (community-feed.ts)
 * - notifications: one comment with 500 recipients until each open bell has it (notifications.ts)
 * - notification mail: the worker's scan on the large data set, now and as it was (notification-mail.ts)
 * - Timeline Alchemy dashboard first page + counts at 10,000 previews (goal p95 <= 25 ms), client list
 * Data lives in supabase/.data-bench (git-ignored), generated on the first run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { type Stack, startStack } from '../../supabase/local/stack.ts';
import { communityFeedBench, ensureMillionPosts } from './community-feed.ts';
import { conversationList, ensureMessagesData, HEAVY } from './messages.ts';
import { ensureNotificationsData, notificationMailBench } from './notification-mail.ts';
import { notificationsBench } from './notifications.ts';
import { realtimeBench } from './realtime.ts';
import { ensureTimelineAlchemyData, timelineAlchemyBench } from './ta-backend.ts';

const PORT = Number(process.env['BENCH_SUPABASE_PORT'] ?? 24721);
// BENCH_ONLY=feed,conversations runs just those parts (comma list of: cold, feed100k, feed,
// realtime, conversations, fanout, notifications, mail, ta); unset runs everything.
const ONLY = new Set((process.env['BENCH_ONLY'] ?? '').split(',').filter(Boolean));
const part = (name: string) => ONLY.size === 0 || ONLY.has(name);
const DATA_DIR = join(fileURLToPath(new URL('../../supabase', import.meta.url)), '.data-bench');
const POSTS = 100_000;
const MEMBER_A = { id: '44444444-4444-4444-8444-444444444444', email: 'emma@example.com' };
const MEMBER_B = { id: '55555555-5555-4555-8555-555555555555', email: 'noah@example.com' };

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function ensureData(): Promise<void> {
  const stack = await startStack({ port: PORT, dataDir: DATA_DIR }).catch((error: Error) => {
    // Bench data is disposable: after a schema change, regenerate it rather than fail.
    if (!/^Stale local database/.test(error.message)) throw error;
    console.info(`${error.message}\n  -> regenerating the bench data.`);
    return startStack({ port: PORT, dataDir: DATA_DIR, fresh: true });
  });
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>('select count(*) as n from public.posts');
    const have = Number(rows[0]?.n ?? 0);
    if (have < POSTS) {
      console.info(`Generating ${POSTS - have} posts with likes and comments (first run only)...`);
      const t = performance.now();
      // Per-row triggers off while loading (realtime, rate limits, server timestamps, and one
      // notification per like and comment, which took minutes: notification-mail.ts writes the
      // rows those triggers would have written afterwards, set-based). Foreign keys stay checked.
      const TABLES = ['posts', 'likes', 'comments'];
      for (const table of TABLES) await db.query(`alter table public.${table} disable trigger user`);
      await db.query(
        `insert into public.posts (user_id, title, content, created_at)
         select (array(select user_id from public.profiles order by user_id))[1 + (g % 7)],
                'Bench post ' || g, repeat('Lorem ipsum dolor sit amet. ', 1 + g % 8),
                now() - make_interval(secs => g * 37)
           from generate_series(1, $1::int) g`,
        [POSTS - have],
      );
      await db.query(
        `insert into public.likes (post_id, user_id)
         select p.id, u.user_id from public.posts p cross join public.profiles u
          where abs(hashtext(p.id::text || u.user_id::text)) % 3 = 0
         on conflict do nothing`,
      );
      await db.query(
        `insert into public.comments (post_id, user_id, content)
         select p.id, (array(select user_id from public.profiles order by user_id))[1 + abs(hashtext(p.id::text)) % 7], 'Bench comment'
           from public.posts p where abs(hashtext(p.id::text)) % 2 = 0`,
      );
      for (const table of TABLES) await db.query(`alter table public.${table} enable trigger user`);
      await db.query('vacuum analyze public.posts, public.likes, public.comments');
      console.info(`  generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    await ensureMessagesData(stack.dbUrl);
    await ensureNotificationsData(stack.dbUrl);
  } finally {
    await db.end();
  }
  try {
    await ensureTimelineAlchemyData(stack.dbUrl);
  } finally {
    await stack.stop();
  }
}

async function coldStarts(runs: number): Promise<Stack> {
  const totals: number[] = [];
  let stack: Stack | undefined;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    stack = await startStack({ port: PORT, dataDir: DATA_DIR });
    totals.push(performance.now() - t);
    const phases = Object.entries(stack.timings)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.info(`  start ${i + 1}: ${ms(totals[i] ?? 0)} (cumulative ms: ${phases})`);
    if (i < runs - 1) await stack.stop();
  }
  console.info(`Cold start with existing data dir: median ${ms(pct(totals, 50))} (goal <= 3000 ms)`);
  return stack as Stack;
}

async function signIn(stack: Stack, email: string): Promise<SupabaseClient> {
  const db = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await db.auth.signInWithPassword({ email, password: 'password123' });
  if (error) throw error;
  return db;
}

async function feed(db: SupabaseClient): Promise<void> {
  const samples: number[] = [];
  const query = () =>
    db
      .from('posts')
      .select(
        'id, title, content, image_url, created_at, user_id, profiles(display_name, avatar_url), likes(count), comments(count)',
      )
      .order('created_at', { ascending: false })
      .limit(20);
  for (let i = 0; i < 20; i++) await query();
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    const { data, error } = await query();
    samples.push(performance.now() - t);
    if (error || data?.length !== 20) throw new Error(`feed query failed: ${error?.message ?? data?.length}`);
  }
  const { count } = await db.from('posts').select('id', { count: 'exact', head: true });
  console.info(
    `Feed query (20 newest posts + author + like/comment counts, ${count} posts, 200 runs): ` +
      `p50 ${ms(pct(samples, 50))}, p95 ${ms(pct(samples, 95))} (goal p95 <= 30 ms)`,
  );
}

async function realtime(
  senders: Array<{ id: string; db: SupabaseClient }>,
  receiver: SupabaseClient,
): Promise<void> {
  const waiting = new Map<string, (at: number) => void>();
  const channel = receiver
    .channel('bench')
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'messages', filter: `receiver_id=eq.${MEMBER_B.id}` },
      (p) => waiting.get(String((p.new as { content?: string }).content))?.(performance.now()),
    );
  await new Promise<void>((resolve) => channel.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
  const samples: number[] = [];
  for (let i = 0; i < 60; i++) {
    const content = `bench ${i} ${Date.now()}`;
    const arrived = new Promise<number>((resolve) => waiting.set(content, resolve));
    const t = performance.now();
    // Turn by turn: the database allows one sender 20 messages a minute.
    const sender = senders[i % senders.length] as { id: string; db: SupabaseClient };
    await sender.db.from('messages').insert({ sender_id: sender.id, receiver_id: MEMBER_B.id, content });
    const at = await Promise.race([
      arrived,
      new Promise<number>((r) => setTimeout(() => r(Number.NaN), 3000)),
    ]);
    if (i >= 10) samples.push(at - t);
  }
  await receiver.removeChannel(channel);
  const lost = samples.filter(Number.isNaN).length;
  const ok = samples.filter((n) => !Number.isNaN(n));
  console.info(
    `Realtime delivery (insert -> event at subscriber, 50 messages): p50 ${ms(pct(ok, 50))}, p95 ${ms(pct(ok, 95))}` +
      `${lost ? `, ${lost} lost` : ''} (goal p95 <= 250 ms)`,
  );
}

if (!existsSync(join(DATA_DIR, 'db', 'PG_VERSION'))) console.info(`Creating bench data dir ${DATA_DIR}`);
await ensureData();
const stack = await coldStarts(part('cold') ? 3 : 1);
try {
  if (part('feed100k')) await feed(await signIn(stack, MEMBER_A.email));
  await ensureMillionPosts(stack.dbUrl);
  if (part('feed')) await communityFeedBench(await signIn(stack, MEMBER_A.email), stack.dbUrl, MEMBER_A.id);
  if (part('realtime')) await realtimeDelivery();
  if (part('conversations')) await conversationList(await signIn(stack, HEAVY.email), stack.dbUrl);
  if (part('fanout')) await realtimeBench(stack);
  if (part('notifications')) await notificationsBench(stack);
  if (part('mail')) await notificationMailBench(stack.dbUrl);
  if (part('ta'))
    await timelineAlchemyBench(
      await signIn(stack, 'admin@example.com'),
      await signIn(stack, 'lotte@example.com'),
      stack.dbUrl,
    );
} finally {
  await stack.stop();
}

async function realtimeDelivery(): Promise<void> {
  const senders = [];
  for (const [id, email] of [
    [MEMBER_A.id, MEMBER_A.email],
    ['11111111-1111-4111-8111-111111111111', 'admin@example.com'],
    ['22222222-2222-4222-8222-222222222222', 'lotte@example.com'],
    ['33333333-3333-4333-8333-333333333333', 'bram@example.com'],
  ] as const) {
    senders.push({ id, db: await signIn(stack, email) });
  }
  await realtime(senders, await signIn(stack, MEMBER_B.email));
}
