import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshUser, serviceClient } from './helpers.ts';

// A digest always fits the outbox, and one recipient whose mail cannot be written never stops the
// others (issue 22; 20261128010000_notification_digest_bound.sql). Before, a member with 50 long
// entries made public.notification_mails_enqueue raise (the outbox payload is at most 16 KB), and
// that rolled back every mail of the call, on every tick. The stack's own timer runs the same step
// every second: the first test's assertions hold whoever ran it; the second runs in a transaction
// nobody else sees, so its counters are this call's.

type Fresh = Awaited<ReturnType<typeof freshUser>>;
type Mail = { subject: string; text: string; headers: Record<string, string> };

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});
const ORIGIN = 'http://localhost:4321';
const LONG = 'A very long title about the morning light over the dunes near the sea, '.repeat(3);

/** An IANA zone (Etc/GMT±n) whose local hour is 12 right now: a digest is due. */
function noonZone(): string {
  let offset = (12 - new Date().getUTCHours() + 48) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** `groups` unread comment groups on `member`'s own posts, by `actor`, waiting for the digest. */
async function waitingGroups(sql: pg.Client, member: Fresh, actor: Fresh, groups: number, locale = 'en') {
  await sql.query(
    `insert into public.account_settings (profile_id, mail_locale) values ($1, $2)
       on conflict (profile_id) do update set mail_locale = excluded.mail_locale`,
    [member.id, locale],
  );
  await sql.query(
    `insert into public.profile_time_zones (profile_id, time_zone) values ($1, $2)
       on conflict (profile_id) do update set time_zone = excluded.time_zone`,
    [member.id, noonZone()],
  );
  await sql.query(
    `with posts as (
       insert into public.posts (user_id, title, content)
       select $1, left($3 || i, 200), 'Text' from generate_series(1, $4::integer) i returning id)
     insert into public.notifications
       (recipient_id, kind, group_key, actor_id, actor_ids, post_id, data, mail, last_event_at)
     select $1, 'comment_on_post', 'bound-' || p.id, $2, array[$2::uuid], p.id,
            jsonb_build_object('noise', repeat('y', 1500)), 'digest',
            now() - make_interval(secs => (row_number() over (order by p.id))::integer)
       from posts p`,
    [member.id, actor.id, LONG, groups],
  );
}

const digestRows = async (sql: pg.Client, to: string) =>
  (
    await sql.query<{ payload: { entries: unknown[]; more?: number }; size: number }>(
      `select payload, pg_column_size(payload) as size from private.mail_outbox
        where "to" = $1 and kind = 'notification.digest'`,
      [to],
    )
  ).rows;

async function waitForMail(to: string): Promise<Mail | undefined> {
  const end = Date.now() + 15_000;
  for (;;) {
    const mails = (
      (await (
        await fetch(`${inject('inboxUrl')}/api/messages?to=${encodeURIComponent(to)}`)
      ).json()) as Mail[]
    ).filter((m) => /^<notification-digest/.test(m.headers['message-id'] ?? ''));
    if (mails.length > 0 || Date.now() > end) return mails[0];
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a digest with more groups than fit', () => {
  let many: Fresh;
  let few: Fresh;
  let actor: Fresh;
  beforeAll(async () => {
    [many, few, actor] = await Promise.all([
      freshUser('Bound Many'),
      freshUser('Bound Few'),
      freshUser('Bound Actor'),
    ]);
    // Both members' groups appear at once, so one call (the test's or the timer's) sees both.
    await db.query('begin');
    await waitingGroups(db, many, actor, 60);
    await waitingGroups(db, few, actor, 2, 'nl');
    await db.query('commit');
  });

  it('lists the 20 newest, counts the 40 others with a link to all, and the other member still gets theirs', async () => {
    const { error } = await serviceClient().rpc('notification_mails_enqueue', { p_origin: ORIGIN });
    expect(error).toBeNull();
    const [digest] = await digestRows(db, many.email);
    expect(digest?.payload.entries).toHaveLength(20);
    expect(digest?.payload.more).toBe(40);
    expect(digest?.size).toBeLessThanOrEqual(16384);
    expect(JSON.stringify(digest?.payload)).not.toContain('yyyy');
    expect((await digestRows(db, few.email)).map((d) => d.payload.entries.length)).toEqual([2]);

    const mail = await waitForMail(many.email);
    expect(mail?.subject).toBe('Your daily summary: 60 updates');
    const items = (mail?.text ?? '').split('\n').filter((line) => line.startsWith('- '));
    expect(items).toHaveLength(21);
    expect(items[20]).toBe(`- And 40 more updates in the app: ${ORIGIN}/en/notifications`);
    expect(mail?.text).toContain(`${ORIGIN}/en/notifications`);
    expect((await waitForMail(few.email))?.subject).toBe('Je dagelijkse overzicht: 2 meldingen');
  });

  it('covers the 40 it counted: tomorrow brings no digest without new events', async () => {
    await db.query(
      'update private.notification_digests set local_date = local_date - 1 where profile_id = $1',
      [many.id],
    );
    const { error } = await serviceClient().rpc('notification_mails_enqueue', { p_origin: ORIGIN });
    expect(error).toBeNull();
    expect(await digestRows(db, many.email)).toHaveLength(1);
  });
});

describe('a recipient whose mail cannot be written', () => {
  let broken: Fresh;
  let fine: Fresh;
  let actor: Fresh;
  let sql: pg.Client;
  beforeAll(async () => {
    [broken, fine, actor] = await Promise.all([
      freshUser('Broken Address'),
      freshUser('Fine Address'),
      freshUser('Some Actor'),
    ]);
    sql = new pg.Client({ connectionString: inject('supabaseDbUrl') });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('is skipped and counted; everyone else in the same call is mailed, at once and by digest', async () => {
    await sql.query('begin');
    try {
      // An address the outbox refuses (255 characters, over its 254): that member's mails cannot be written.
      await sql.query(`update auth.users set email = repeat('b', 243) || '@example.com' where id = $1`, [
        broken.id,
      ]);
      await waitingGroups(sql, broken, actor, 1);
      await waitingGroups(sql, fine, actor, 1);
      await sql.query(
        `insert into public.notifications (recipient_id, kind, group_key, actor_id, actor_ids, other_id, mail, last_event_at)
         select p, 'friend_request', 'bound-friend-' || p, $3, array[$3::uuid], $3, 'instant', now() - interval '1 hour'
           from unnest(array[$1::uuid, $2::uuid]) p`,
        [broken.id, fine.id, actor.id],
      );
      const { rows } = await sql.query<{ result: Record<string, number> }>(
        `select public.notification_mails_enqueue($1) as result`,
        [ORIGIN],
      );
      expect(rows[0]?.result).toMatchObject({ failed: 2 });
      const kinds = await sql.query<{ kind: string }>(
        `select kind from private.mail_outbox where "to" = $1 order by kind`,
        [fine.email],
      );
      expect(kinds.rows.map((r) => r.kind)).toEqual(['notification.digest', 'notification.instant']);
      // The failed at-once row left the mail index; the failed digest waits for the next local day.
      const left = await sql.query<{ mail: string | null; emailed: boolean }>(
        `select mail, emailed_at is not null as emailed from public.notifications
          where recipient_id = $1 and kind = 'friend_request'`,
        [broken.id],
      );
      expect(left.rows).toEqual([{ mail: null, emailed: false }]);
      const again = await sql.query<{ result: Record<string, number> }>(
        `select public.notification_mails_enqueue($1) as result`,
        [ORIGIN],
      );
      expect(again.rows[0]?.result).toMatchObject({ failed: 0 });
    } finally {
      await sql.query('rollback');
    }
  });
});
