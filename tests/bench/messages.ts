/**
 * Direct-messages figures for `npm run bench:backend` (issue 9): the conversation list of a member
 * with 500 conversations among 200,000 messages, through supabase-js (goal p95 <= 20 ms), and the
 * query plan behind it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';

export const HEAVY = { id: '66666666-6666-4666-8666-666666666666', email: 'mila@example.com' };
const PARTNERS = 500;
const MESSAGES = 200_000;
const TRIGGERS = [
  'zz_realtime_notify',
  'messages_server_timestamps',
  'messages_before_insert',
  'messages_keep_conversations',
  // One notification per message: notification-mail.ts writes the groups afterwards, set-based.
  'notifications_on_message',
];

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** 500 partners and 200,000 messages between them and the heavy member (first run only). */
export async function ensureMessagesData(dbUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>('select count(*) as n from public.messages');
    if (Number(rows[0]?.n ?? 0) >= MESSAGES) return;
    console.info(`Generating ${PARTNERS} partners and ${MESSAGES} messages (first run only)...`);
    const t = performance.now();
    await db.query(
      `insert into auth.users (id, email, raw_user_meta_data)
       select ('b3000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'bench-partner-' || g || '@example.com',
              jsonb_build_object('display_name', 'Bench Partner ' || g)
         from generate_series(1, $1::int) g
       on conflict do nothing`,
      [PARTNERS],
    );
    for (const name of TRIGGERS) await db.query(`alter table public.messages disable trigger ${name}`);
    await db.query(
      `insert into public.messages (sender_id, receiver_id, content, read, created_at)
       select case when g % 2 = 0 then $1::uuid else p end,
              case when g % 2 = 0 then p else $1::uuid end,
              'Bench message ' || g, g % 2 = 0 or g % 9 <> 0, now() - make_interval(secs => g * 13)
         from generate_series(1, $2::int) g,
              lateral (select ('b3000000-0000-4000-8000-' || lpad((1 + g % $3::int)::text, 12, '0'))::uuid as p) x`,
      [HEAVY.id, MESSAGES, PARTNERS],
    );
    for (const name of TRIGGERS) await db.query(`alter table public.messages enable trigger ${name}`);
    // The per-person summary the trigger keeps, rebuilt in one statement for the bulk insert.
    await db.query('truncate private.conversations');
    await db.query(
      `insert into private.conversations (owner_id, other_id, last_message_id, last_at, unread_count)
       select owner_id, other_id, (array_agg(id order by created_at desc, id desc))[1], max(created_at),
              count(*) filter (where unread)::int
         from (select sender_id owner_id, receiver_id other_id, id, created_at, false unread from public.messages
               union all
               select receiver_id, sender_id, id, created_at, not read from public.messages) m
        group by owner_id, other_id`,
    );
    await db.query('vacuum analyze public.messages, private.conversations, public.profiles');
    console.info(`  generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  } finally {
    await db.end();
  }
}

/** p50/p95 of the whole conversation list in one call, and the plan of its query. */
export async function conversationList(client: SupabaseClient, dbUrl: string): Promise<void> {
  for (const rows of [50, 200]) {
    const run = () => client.rpc('my_conversations', { max_rows: rows });
    for (let i = 0; i < 20; i++) await run();
    const samples: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      const { data, error } = await run();
      samples.push(performance.now() - t);
      if (error || (data as unknown[]).length !== rows)
        throw new Error(`conversation list failed: ${error?.message}`);
    }
    console.info(
      `Conversation list (${rows} newest of ${PARTNERS} conversations, ${MESSAGES}+ messages, 200 runs): ` +
        `p50 ${ms(pct(samples, 50))}, p95 ${ms(pct(samples, 95))} (goal p95 <= 20 ms)`,
    );
  }
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    // The body of my_conversations() with the caller's id filled in; private.conversations is
    // readable only through that function, so the plan is taken as the database owner.
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, timing off, summary on)
       select c.other_id, p.display_name, p.avatar_url, c.last_message_id, m.content, m.sender_id,
              m.deleted_at is not null, c.last_at, c.unread_count
         from private.conversations c
         left join public.profiles p on p.user_id = c.other_id
         left join public.messages m on m.id = c.last_message_id
        where c.owner_id = $1 order by c.last_at desc, c.other_id desc limit 50`,
      [HEAVY.id],
    );
    console.info(
      `  plan of the list query (inside my_conversations):\n    ${rows.map((r) => r['QUERY PLAN']).join('\n    ')}`,
    );
  } finally {
    await db.end();
  }
}
