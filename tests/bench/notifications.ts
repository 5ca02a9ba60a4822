/**
 * Notification figures for `npm run bench:backend` (part `notifications`; also runnable alone:
 * `node tests/bench/notifications.ts`, which starts a fresh stack in a temporary directory).
 * Prints, never fails on timing; every wait is bounded; only 127.0.0.1.
 * - one event with 500 recipients: a comment on a post with 499 earlier commenters (the author
 *   and the 499 are notified, in one INSERT of the comment trigger); time of that insert, and time
 *   until each open bell (a realtime subscriber on its own notifications, as the header's live
 *   helper subscribes) has its row (goal p95 <= 500 ms).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, RealtimeClient } from '@supabase/supabase-js';
import pg from 'pg';
import { signJwt } from '../../supabase/local/jwt.ts';
import { type Stack, startStack } from '../../supabase/local/stack.ts';
import { makeMembers, summary } from './realtime.ts';

const RECIPIENTS = 500;
const BELLS = Number(process.env['BENCH_BELLS'] ?? 100);
const ROUNDS = 6;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const token = (sub: string) => signJwt({ sub, role: 'authenticated', aud: 'authenticated' }, 3600);

export async function notificationsBench(stack: Stack): Promise<void> {
  // members[0] writes the post, 1..499 commented before, the rest comment during the rounds.
  const members = await makeMembers(stack.dbUrl, RECIPIENTS + ROUNDS);
  const author = members[0] as string;
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  const sockets: RealtimeClient[] = [];
  try {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.posts (user_id, title, content) values ($1, 'Bench notifications', 'bench') returning id`,
      [author],
    );
    const post = rows[0]?.id as string;
    // Setting up, the earlier comments notify nobody (each would notify all before it).
    await db.query('alter table public.comments disable trigger notifications_on_comment');
    await db.query(
      `insert into public.comments (post_id, user_id, content)
       select $1, u, 'earlier' from unnest($2::uuid[]) u`,
      [post, members.slice(1, RECIPIENTS)],
    );
    await db.query('alter table public.comments enable trigger notifications_on_comment');
    // Open bells: the author and the earlier commenters, up to BELLS of them.
    const arrivals = new Map<string, number>();
    const bells = members.slice(0, Math.min(BELLS, RECIPIENTS));
    for (const [i, id] of bells.entries()) {
      const socket = new RealtimeClient(`${stack.url.replace(/^http/, 'ws')}/realtime/v1`, {
        params: { apikey: stack.anonKey },
      });
      sockets.push(socket);
      await socket.setAuth(await token(id));
      const channel = socket
        .channel(`bell-${i}`)
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'notifications', filter: `recipient_id=eq.${id}` },
          () => {
            if (!arrivals.has(id)) arrivals.set(id, performance.now());
          },
        );
      const joined = await Promise.race([
        new Promise<boolean>((resolve) => channel.subscribe((s) => s === 'SUBSCRIBED' && resolve(true))),
        sleep(20_000).then(() => false),
      ]);
      if (!joined) throw new Error(`bell ${i} did not join`);
    }
    const inserts: number[] = [];
    const samples: number[] = [];
    const alls: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Only this post's rows (the mail part reads the data set's unread rows).
      await db.query(
        'update public.notifications set read_at = now() where read_at is null and post_id = $1',
        [post],
      );
      await sleep(300); // let the read marks' events pass
      arrivals.clear();
      const commenter = members[RECIPIENTS + round] as string;
      const client = createClient(stack.url, stack.anonKey, { accessToken: () => token(commenter) });
      const t = performance.now();
      const { error } = await client
        .from('comments')
        .insert({ post_id: post, user_id: commenter, content: `round ${round}` });
      const inserted = performance.now() - t;
      if (error) throw new Error(`comment failed: ${error.message}`);
      const end = Date.now() + 10_000;
      while (arrivals.size < bells.length && Date.now() < end) await sleep(5);
      if (round === 0) continue; // warm-up
      inserts.push(inserted);
      const got = [...arrivals.values()].map((at) => at - t);
      samples.push(...got, ...Array(bells.length - got.length).fill(Number.NaN));
      alls.push(got.length === bells.length ? Math.max(...got) : Number.NaN);
    }
    const { rows: count } = await db.query<{ n: string }>(
      `select count(*) as n from public.notifications n join public.comments c on c.id = n.comment_id
        where c.content = 'round 1' and c.post_id = $1`,
      [post],
    );
    console.info(`Notifications: one comment notified ${count[0]?.n} members (goal ${RECIPIENTS})`);
    summary('  the comment insert with its notifications (one statement)', inserts, 'as small as it gets');
    summary(`  until each of ${bells.length} open bells has it`, samples, 'p95 <= 500 ms');
    summary('  until every open bell has it', alls, '<= 500 ms');
  } finally {
    for (const socket of sockets) socket.disconnect();
    await db.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-bench-notifications-'));
  const stack = await startStack({
    port: Number(process.env['BENCH_SUPABASE_PORT'] ?? 24721),
    dataDir,
    fresh: true,
  });
  try {
    await notificationsBench(stack);
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
