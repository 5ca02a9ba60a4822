/**
 * Notification mail on a large database, for `npm run bench:backend` (part `mail`):
 * - the data: the notifications the triggers would have written for the bench's likes, comments
 *   and 200,000 messages, generated set-based in one statement per kind (first run only; the
 *   generators switch the per-row notification triggers off, which made the first run take many
 *   minutes): every like group unread (nobody reads likes), comment groups of the last week unread
 *   and mailed in a digest after a day, message groups unread where the conversation has unread
 *   messages, mailed after 5 minutes;
 * - the worker's step public.notification_mails_enqueue: p50/p95 of one call (rolled back, so
 *   every call sees the same data), and its plan-critical queries with EXPLAIN ANALYZE; for
 *   comparison the scan as it was before 20261127010000 (every unread row, a preference lookup per
 *   row), which ran into the API's 8 s statement timeout.
 */
import pg from 'pg';
import { summary } from './realtime.ts';

const ORIGIN = 'http://localhost:4321';

/** Notification rows for the bench's likes, comments and messages (first run only). */
export async function ensureNotificationsData(dbUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>(
      `select count(*) as n from public.notifications where kind = 'like_on_post' and read_at is null`,
    );
    if (Number(rows[0]?.n ?? 0) >= 50_000) return;
    // A data set from before (or one whose rows a run marked read): written again.
    await db.query(
      `delete from public.notifications where kind in ('like_on_post', 'comment_on_post', 'message')`,
    );
    console.info('Generating the notifications of the likes, comments and messages (first run only)...');
    const t = performance.now();
    await db.query('alter table public.notifications disable trigger zz_realtime_notify');
    const columns = `(recipient_id, kind, group_key, actor_id, actor_ids, event_count, post_id, other_id,
       last_event_at, created_at, updated_at, read_at, emailed_at, mail)`;
    await db.query(
      `insert into public.notifications ${columns}
       select p.user_id, 'like_on_post', 'like:' || p.id, (array_agg(l.user_id order by l.created_at desc))[1],
              array_agg(l.user_id), count(*), p.id, null, p.created_at + interval '1 hour', p.created_at,
              p.created_at + interval '1 hour', null, null, null
         from public.posts p join public.likes l on l.post_id = p.id and l.user_id <> p.user_id
        group by p.id
       on conflict do nothing`,
    );
    await db.query(
      `insert into public.notifications ${columns}
       select p.user_id, 'comment_on_post', 'comment:' || p.id, (array_agg(c.user_id))[1],
              array_agg(distinct c.user_id), count(*), p.id, null, p.created_at + interval '2 hours', p.created_at,
              p.created_at + interval '2 hours',
              case when p.created_at < now() - interval '7 days' then p.created_at + interval '3 hours' end,
              case when p.created_at < now() - interval '1 day' then p.created_at + interval '1 day' end,
              'digest'
         from public.posts p join public.comments c on c.post_id = p.id and c.user_id <> p.user_id
        group by p.id
       on conflict do nothing`,
    );
    await db.query(
      `insert into public.notifications ${columns}
       select m.receiver_id, 'message', 'message:' || m.sender_id, m.sender_id, array[m.sender_id], count(*),
              null, m.sender_id, max(m.created_at), min(m.created_at), max(m.created_at),
              case when bool_and(m.read) then max(m.created_at) + interval '1 minute' end,
              max(m.created_at) + interval '5 minutes', 'instant'
         from public.messages m
        group by m.receiver_id, m.sender_id
       on conflict do nothing`,
    );
    await db.query('alter table public.notifications enable trigger zz_realtime_notify');
    await db.query('vacuum analyze public.notifications');
    console.info(`  generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  } finally {
    await db.end();
  }
}

/** The plan's summary lines: the top node, and planning/execution time. */
const planLines = (rows: Array<Record<string, string>>) => {
  const lines = rows.map((r) => Object.values(r)[0] as string);
  return [lines[0], ...lines.filter((l) => /Index|Seq Scan|Execution Time/.test(l)).slice(0, 6)]
    .map((l) => `    ${l?.trim()}`)
    .join('\n');
};

export async function notificationMailBench(dbUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<Record<string, string>>(
      `select count(*) filter (where read_at is null) as unread,
              count(*) filter (where read_at is null and mail = 'instant'
                and (emailed_at is null or last_event_at > emailed_at)) as instant,
              count(*) filter (where read_at is null and mail = 'digest'
                and (emailed_at is null or last_event_at > emailed_at)) as digest,
              count(*) as total
         from public.notifications`,
    );
    const c = rows[0] ?? {};
    console.info(
      `Notification mail (${c['total']} notifications, ${c['unread']} unread; waiting for a mail: ` +
        `${c['instant']} at once, ${c['digest']} in a digest):`,
    );
    // Before 20261127010000: every unread row, a preference lookup per row (kept as it ran).
    await db.query(`set statement_timeout = '120s'`);
    for (const [label, sql] of [
      [
        'at-once scan as before (per-row preference lookup)',
        `select n.id from public.notifications n join auth.users u on u.id = n.recipient_id
           left join public.notification_mail_settings s on s.profile_id = n.recipient_id
          where n.read_at is null
            and (n.emailed_at is null or (n.last_event_at > n.emailed_at and n.emailed_at < now() - interval '1 hour'))
            and n.last_event_at <= now() - interval '5 minutes'
            and (s.paused_until is null or n.last_event_at >= s.paused_until)
            and private.notification_email_mode(n.recipient_id, n.kind) = 'instant'
          order by n.last_event_at limit 500`,
      ],
      [
        'digest scan as before (group by every unread row)',
        `select n.recipient_id from public.notifications n
           left join public.notification_mail_settings s on s.profile_id = n.recipient_id
          where n.read_at is null and (n.emailed_at is null or n.last_event_at > n.emailed_at)
            and (s.paused_until is null or n.last_event_at >= s.paused_until)
            and private.notification_email_mode(n.recipient_id, n.kind) = 'digest'
          group by n.recipient_id`,
      ],
      [
        'at-once scan now (notifications_mail_instant_idx)',
        `select d.id from public.notifications d
          where d.read_at is null and d.mail = 'instant'
            and (d.emailed_at is null or d.last_event_at > d.emailed_at)
            and (d.emailed_at is null or d.emailed_at < now() - interval '1 hour')
            and d.last_event_at <= now() - interval '5 minutes'
          order by d.last_event_at limit 500`,
      ],
      [
        'digest members now (skip scan over notifications_mail_digest_idx)',
        `with recursive m (id) as (
           (select d.recipient_id from public.notifications d
             where d.read_at is null and d.mail = 'digest' and (d.emailed_at is null or d.last_event_at > d.emailed_at)
             order by d.recipient_id limit 1)
           union all
           select (select d.recipient_id from public.notifications d
                    where d.read_at is null and d.mail = 'digest' and (d.emailed_at is null or d.last_event_at > d.emailed_at)
                      and d.recipient_id > m.id order by d.recipient_id limit 1)
             from m where m.id is not null)
         select id from m where id is not null`,
      ],
    ] as const) {
      const plan = await db.query<Record<string, string>>(`explain (analyze, buffers off) ${sql}`);
      console.info(`  ${label}:\n${planLines(plan.rows)}`);
    }
    // The whole step, as the worker calls it: rolled back, so each call sees the same rows.
    const samples: number[] = [];
    for (let i = 0; i < 12; i++) {
      await db.query('begin');
      const t = performance.now();
      await db.query('select public.notification_mails_enqueue($1)', [ORIGIN]);
      if (i >= 2) samples.push(performance.now() - t);
      await db.query('rollback');
    }
    summary(
      '  one notification_mails_enqueue call (rolled back, 10 runs)',
      samples,
      'well under the 8 s timeout',
    );
  } finally {
    await db.end();
  }
}
