/**
 * Community feed benchmark (part of `npm run bench:backend`): the feed's first page and a page
 * deep in the history (cursor after 50,000 posts) at 1,000,000 posts, through supabase-js with
 * the same query the feed sends (src/features/community/feed-data.ts), p50/p95, plus the
 * EXPLAIN plan of the keyset query under RLS as a member (goal p95 <= 15 ms, no seq scan).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { type Cursor, fetchPosts } from '../../src/features/community/feed-data.ts';
import type { TypedSupabaseClient } from '../../src/lib/supabase/client.ts';

const TARGET = 1_000_000;
const DEEP = 50_000;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Tops the posts table up to 1,000,000 rows (first run only; counted triggers off meanwhile). */
export async function ensureMillionPosts(dbUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>('select count(*) as n from public.posts');
    const missing = TARGET - Number(rows[0]?.n ?? 0);
    if (missing <= 0) return;
    console.info(`Adding ${missing} posts to reach ${TARGET} (first run only)...`);
    const t = performance.now();
    await db.query('alter table public.posts disable trigger zz_realtime_notify');
    await db.query('alter table public.posts disable trigger posts_rate_limit');
    await db.query(
      `insert into public.posts (user_id, title, content, created_at)
       select (array(select user_id from public.profiles order by user_id))[1 + (g % 7)],
              'Older post ' || g, 'Archive text ' || g,
              now() - interval '60 days' - make_interval(secs => g * 5)
         from generate_series(1, $1::int) g`,
      [missing],
    );
    await db.query('alter table public.posts enable trigger zz_realtime_notify');
    await db.query('alter table public.posts enable trigger posts_rate_limit');
    await db.query('vacuum analyze public.posts');
    console.info(`  added in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  } finally {
    await db.end();
  }
}

async function postCount(dbUrl: string): Promise<number> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>('select count(*) as n from public.posts');
    return Number(rows[0]?.n ?? 0);
  } finally {
    await db.end();
  }
}

async function cursorAt(dbUrl: string, offset: number): Promise<Cursor> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ created_at: Date; id: string }>(
      'select created_at, id from public.posts order by created_at desc, id desc offset $1 limit 1',
      [offset - 1],
    );
    const row = rows[0];
    if (!row) throw new Error('not enough posts for the deep cursor');
    return { createdAt: row.created_at.toISOString(), id: row.id };
  } finally {
    await db.end();
  }
}

/** EXPLAIN of the keyset page as the member (RLS applied), the same filters PostgREST sends. */
async function explain(dbUrl: string, memberId: string, cursor: Cursor | null): Promise<string> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query('begin');
    await db.query('set local role authenticated');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: memberId, role: 'authenticated' }),
    ]);
    const where = cursor
      ? `where created_at <= $1 and (created_at < $1 or (created_at = $1 and id < $2))`
      : '';
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, timing off, summary off)
       select id, title, created_at, user_id from public.posts ${where}
        order by created_at desc, id desc limit 20`,
      cursor ? [cursor.createdAt, cursor.id] : [],
    );
    await db.query('rollback');
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await db.end();
  }
}

async function time(label: string, run: () => Promise<number>): Promise<void> {
  for (let i = 0; i < 10; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t = performance.now();
    const n = await run();
    samples.push(performance.now() - t);
    if (n !== 20) throw new Error(`${label}: expected 20 posts, got ${n}`);
  }
  console.info(`${label}: p50 ${ms(pct(samples, 50))}, p95 ${ms(pct(samples, 95))} (goal p95 <= 15 ms)`);
}

export async function communityFeedBench(db: SupabaseClient, dbUrl: string, memberId: string): Promise<void> {
  const client = db as unknown as TypedSupabaseClient;
  const count = await postCount(dbUrl);
  const deep = await cursorAt(dbUrl, DEEP);
  const q = { me: memberId, unknownName: '?', limit: 20 };
  await time(
    `Community feed, first page (${count} posts, 100 runs)`,
    async () => (await fetchPosts(client, q)).length,
  );
  await time(
    `Community feed, page after ${DEEP} posts (100 runs)`,
    async () => (await fetchPosts(client, { ...q, before: deep })).length,
  );
  for (const [label, cursor] of [
    ['first page', null],
    [`after ${DEEP} posts`, deep],
  ] as const) {
    const plan = await explain(dbUrl, memberId, cursor);
    const seq = /Seq Scan on posts/.test(plan);
    console.info(
      `EXPLAIN feed ${label} as a member${seq ? ' (SEQUENTIAL SCAN!)' : ''}:\n  ${plan.replace(/\n/g, '\n  ')}`,
    );
  }
}
