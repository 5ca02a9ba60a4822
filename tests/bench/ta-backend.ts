/**
 * Timeline Alchemy figures for `npm run bench:backend`: the admin dashboard's first page plus the
 * counts with 10,000 previews (goal p95 <= 25 ms), and a client's own list, through supabase-js.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';

export const TA_PREVIEWS = 10_000;
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

/** Dashboard (first page of 20 + counts, in parallel as the page does) and a client's list. */
export async function timelineAlchemyBench(admin: SupabaseClient, client: SupabaseClient): Promise<void> {
  const dashboard = await timed(200, async () => {
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
  console.info(
    `Timeline Alchemy dashboard (first 20 + counts, ${(counts as { total: number }).total} previews, 200 runs): ` +
      `p50 ${ms(pct(dashboard, 50))}, p95 ${ms(pct(dashboard, 95))} (goal p95 <= 25 ms)`,
  );
  let size = 0;
  const own = await timed(100, async () => {
    const { data, error } = await client
      .from('previews')
      .select(COLUMNS)
      .order('created_at', { ascending: false })
      .limit(200);
    if (error) throw error;
    size = data.length;
  });
  console.info(
    `Timeline Alchemy client list (newest ${size} of their own, 100 runs): p50 ${ms(pct(own, 50))}, p95 ${ms(pct(own, 95))}`,
  );
}
