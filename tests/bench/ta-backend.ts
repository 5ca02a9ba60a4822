/**
 * Timeline Alchemy figures for `npm run bench:backend`: the admin dashboard's first page plus the
 * counts with 10,000 previews (goal p95 <= 25 ms), and a client's own list, through supabase-js.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';

const TA_PREVIEWS = 10_000;
const CLIENTS = ['22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
const COLUMNS =
  'id, idea_id, client_id, channel, draft_content, scheduled_at, scheduled_zone, status, admin_notes, client_feedback, reviewed_at, created_at, revision, approved_revision, reviewed_revision, published_at, ideas(title, description), clients(name, email)';

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Tops the bench database up to TA_PREVIEWS previews (first run only). */
export async function ensureTimelineAlchemyData(dbUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>('select count(*) as n from public.previews');
    const missing = TA_PREVIEWS - Number(rows[0]?.n ?? 0);
    if (missing <= 0) return;
    console.info(`Generating ${missing} Timeline Alchemy previews (first run only)...`);
    await db.query('alter table public.previews disable trigger zz_realtime_notify').catch(() => undefined);
    await db.query(
      `insert into public.previews (client_id, channel, template, draft_content, scheduled_at, status, created_at)
       select ($2::uuid[])[1 + g % 2], 'LinkedIn, X (Twitter)', 'LinkedIn, X (Twitter)',
              jsonb_build_object('content', 'Bench preview ' || g, 'selectedPosts', '[]'::jsonb, 'image', null,
                'platforms', jsonb_build_object('LinkedIn', repeat('Bench text ', 20), 'X (Twitter)', 'Bench ' || g)),
              now() + make_interval(hours => (g % 400) - 200),
              (array['pending','approved','rejected','published']::public.preview_status[])[1 + g % 4],
              now() - make_interval(secs => g * 13)
         from generate_series(1, $1::int) g`,
      [missing, CLIENTS],
    );
    await db.query('alter table public.previews enable trigger zz_realtime_notify').catch(() => undefined);
    await db.query('vacuum analyze public.previews, public.preview_revisions, public.preview_history');
  } finally {
    await db.end();
  }
}

async function timed(runs: number, run: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  return samples;
}

const ADMIN_CLAIMS = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}';
const CLIENT_CLAIMS = `{"sub":"${CLIENTS[0]}","role":"authenticated"}`;

/** EXPLAIN ANALYZE of what the two pages ask, as the admin and as a client (RLS applies). */
async function plans(dbUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const explain = async (claims: string, label: string, sql: string) => {
    await db.query('begin');
    try {
      await db.query('set local role authenticated');
      await db.query("select set_config('request.jwt.claims', $1, true)", [claims]);
      await db.query(sql); // warm
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, summary on) ${sql}`,
      );
      const lines = rows.map((r) => r['QUERY PLAN']);
      const time = lines.find((l) => l.startsWith('Execution Time')) ?? '';
      const scans = lines
        .filter((l) => /Scan using|Seq Scan/.test(l))
        .map((l) => l.trim().replace(/\s+\(actual.*$/, ''));
      console.info(`  plan ${label}: ${time}; ${[...new Set(scans)].join('; ')}`);
    } finally {
      await db.query('rollback');
    }
  };
  try {
    await explain(ADMIN_CLAIMS, 'admin counts', 'select * from public.preview_counts()');
    await explain(
      ADMIN_CLAIMS,
      'admin page 1 (inner query)',
      `select p.id, (select i.title from public.ideas i where i.id = p.idea_id),
              (select c.name from public.clients c where c.profile_id = p.client_id)
         from public.previews p order by p.created_at desc, p.id desc limit 20`,
    );
    await explain(ADMIN_CLAIMS, 'admin preview_dashboard()', 'select public.preview_dashboard()');
    await explain(
      CLIENT_CLAIMS,
      'client list (200 newest own)',
      `select p.id, (select i.title from public.ideas i where i.id = p.idea_id)
         from public.previews p where p.client_id = '${CLIENTS[0]}'
        order by p.created_at desc, p.id desc limit 200`,
    );
    await explain(CLIENT_CLAIMS, 'client counts', 'select * from public.preview_counts()');
    await explain(CLIENT_CLAIMS, 'client my_previews_feed(200)', 'select public.my_previews_feed(200)');
  } finally {
    await db.end();
  }
}

/**
 * Dashboard: the page's one call, preview_dashboard() (first 20 + counts in one round trip),
 * and for comparison the two parallel PostgREST requests it replaced. Then a client's own list.
 */
export async function timelineAlchemyBench(
  admin: SupabaseClient,
  client: SupabaseClient,
  dbUrl?: string,
): Promise<void> {
  const one = await timed(200, async () => {
    const { data, error } = await admin.rpc('preview_dashboard', {});
    const items = (data as { items?: unknown[] } | null)?.items;
    if (error || items?.length !== 20) throw new Error(`preview_dashboard failed: ${error?.message}`);
  });
  const two = await timed(200, async () => {
    const [page, counts] = await Promise.all([
      admin
        .from('previews')
        .select(COLUMNS)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(20),
      admin.rpc('preview_counts').single(),
    ]);
    if (page.error || counts.error || page.data?.length !== 20) {
      throw new Error(`dashboard query failed: ${page.error?.message ?? counts.error?.message}`);
    }
  });
  const { data: counts } = await admin.rpc('preview_counts').single();
  const total = (counts as { total: number }).total;
  console.info(
    `Timeline Alchemy dashboard (first 20 + counts, ${total} previews, 200 runs): preview_dashboard() ` +
      `p50 ${ms(pct(one, 50))}, p95 ${ms(pct(one, 95))} (goal p95 <= 25 ms); ` +
      `before (select + preview_counts in parallel) p50 ${ms(pct(two, 50))}, p95 ${ms(pct(two, 95))}`,
  );
  let size = 0;
  const own = await timed(100, async () => {
    const { data, error } = await client
      .from('previews')
      .select(COLUMNS)
      .eq('client_id', CLIENTS[0] as string)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(200);
    if (error) throw error;
    size = data.length;
  });
  const feed = await timed(100, async () => {
    const { data, error } = await client.rpc('my_previews_feed', { page_size: 200 });
    if (error || (data as unknown[]).length !== size)
      throw new Error(`my_previews_feed failed: ${error?.message}`);
  });
  console.info(
    `Timeline Alchemy client list (newest ${size} of their own, 100 runs): select p50 ${ms(pct(own, 50))}, ` +
      `p95 ${ms(pct(own, 95))}; my_previews_feed() (the page's one call: + history + reviewed texts) ` +
      `p50 ${ms(pct(feed, 50))}, p95 ${ms(pct(feed, 95))}`,
  );
  if (dbUrl) await plans(dbUrl);
}

/** `node tests/bench/ta-backend.ts`: only this part, on its own stack (BENCH_SUPABASE_PORT). */
async function standalone(): Promise<void> {
  const { createClient } = await import('@supabase/supabase-js');
  const { startStack } = await import('../../supabase/local/stack.ts');
  const port = Number(process.env['BENCH_SUPABASE_PORT'] ?? 24721);
  const stack = await startStack({
    port,
    dataDir: '.e2e-data/bench-ta',
    fresh: process.argv.includes('--fresh'),
  });
  try {
    await ensureTimelineAlchemyData(stack.dbUrl);
    const signIn = async (email: string) => {
      const db = createClient(stack.url, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      });
      const { error } = await db.auth.signInWithPassword({ email, password: 'password123' });
      if (error) throw error;
      return db;
    };
    await timelineAlchemyBench(
      await signIn('admin@example.com'),
      await signIn('lotte@example.com'),
      stack.dbUrl,
    );
  } finally {
    await stack.stop();
  }
}
if (import.meta.url === `file://${process.argv[1]}`) await standalone();
