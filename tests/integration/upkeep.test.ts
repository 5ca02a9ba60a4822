import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { actor, freshUser, serviceClient, USERS } from './helpers.ts';
import { deleteAs, jwtOf, seededMember, sql } from './privacy-kit.ts';

/**
 * The scheduled upkeep (public.run_upkeep, run by netlify/functions/publish-previews.mts and the
 * local timer): each task removes what it should and nothing else; daily tasks run once a day;
 * a review link about to expire notifies its admin and its client once. The stack's own timer
 * calls it too, so every check looks at the end state, whoever ran it.
 */

const upkeep = (days = 30) => serviceClient().rpc('run_upkeep', { p_keep_sent_days: days });
const due = (task: string) => sql('delete from private.upkeep_runs where task = $1', [task]);

describe('scheduled upkeep', () => {
  it('is for the service role only', async () => {
    for (const name of ['anon', 'memberA', 'clientA', 'admin'] as const) {
      const { error } = await (await actor(name)).db.rpc('run_upkeep', { p_keep_sent_days: 30 });
      expect(error, name).not.toBeNull();
    }
    expect((await upkeep(0)).error?.code).toBe('22023');
  });

  it('deletes sent mails older than the kept days, never failed or unsent ones, once a day', async () => {
    const run = randomUUID().slice(0, 8);
    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    const row = (key: string, sentAt: Date | null, failedAt: Date | null = null) =>
      sql(
        `insert into private.mail_outbox (idempotency_key, "to", locale, kind, next_attempt_at, created_at, sent_at, failed_at)
         values ($1, 'upkeep@example.com', 'en', 'test.upkeep', now() + interval '1 day', now() - interval '90 days', $2, $3)`,
        [`upkeep.${run}.${key}`, sentAt, failedAt],
      );
    await row('old', days(31));
    await row('recent', days(29));
    await row('failed', null, days(80));
    await row('unsent', null);
    const left = async () =>
      (
        await sql<{ key: string }>(
          `select split_part(idempotency_key, '.', 3) as key from private.mail_outbox
            where idempotency_key like $1 order by 1`,
          [`upkeep.${run}.%`],
        )
      ).map((r) => r.key);
    expect(await left()).toEqual(['failed', 'old', 'recent', 'unsent']);
    await due('mail_outbox_sent');
    expect((await upkeep(30)).error).toBeNull();
    expect(await left()).toEqual(['failed', 'recent', 'unsent']);
    // It ran today: a row that is old now waits for tomorrow's run.
    await row('again', days(40));
    expect((await upkeep(30)).error).toBeNull();
    expect(await left()).toEqual(['again', 'failed', 'recent', 'unsent']);
  });

  it('purges erased newsletter proof past its retention, daily, and nothing else', async () => {
    const gone = await seededMember('Upkeep Gone');
    const recent = await seededMember('Upkeep Recent');
    expect((await deleteAs(gone.email, await jwtOf(gone.db))).status).toBe(200);
    expect((await deleteAs(recent.email, await jwtOf(recent.db))).status).toBe(200);
    await sql(
      `begin; set local session_replication_role = replica;
       update public.newsletter_consents set created_at = created_at - interval '3 years 1 day' where subscriber_id = '${gone.ids.subscriber}';
       commit;`,
    );
    await due('newsletter_purge_erased');
    expect((await upkeep()).error).toBeNull();
    const count = async (id: string) =>
      (
        await sql<{ n: number }>(
          'select count(*)::int as n from public.newsletter_consents where subscriber_id = $1',
          [id],
        )
      )[0]?.n;
    expect(await count(gone.ids.subscriber)).toBe(0);
    expect(await count(recent.ids.subscriber)).toBeGreaterThan(0);
  }, 90_000);

  it('drops rate-limit counters outside their window, keeps those inside', async () => {
    const quiet = randomUUID();
    await sql(
      `insert into private.rate_events (user_id, action, at) values ($1, 'post', now() - interval '2 hours'), ($1, 'post', now() - interval '10 minutes')`,
      [quiet],
    );
    await sql(
      `insert into private.message_sends (sender_id, sent_at) values ($1, now() - interval '2 hours'), ($1, now())`,
      [USERS.memberA.id],
    );
    await due('rate_counters');
    expect((await upkeep()).error).toBeNull();
    const events = await sql<{ old: boolean }>(
      `select at < now() - interval '1 hour' as old from private.rate_events where user_id = $1`,
      [quiet],
    );
    expect(events).toEqual([{ old: false }]);
    const sends = await sql<{ n: number }>(
      `select count(*)::int as n from private.message_sends where sender_id = $1 and sent_at < now() - interval '1 hour'`,
      [USERS.memberA.id],
    );
    expect(sends[0]?.n).toBe(0);
    const fresh = await sql<{ n: number }>(
      `select count(*)::int as n from private.message_sends where sender_id = $1 and sent_at > now() - interval '1 minute'`,
      [USERS.memberA.id],
    );
    expect(fresh[0]?.n).toBeGreaterThan(0);
  });

  it('tells the admin and the client once that a review link expires within a day', async () => {
    const client = await freshUser('Expiring Client');
    await sql(`update public.profiles set role = 'client' where id = $1`, [client.id]);
    expect(
      (await serviceClient().from('clients').insert({ name: 'Expiring BV', profile_id: client.id })).error,
    ).toBeNull();
    await client.db.auth.refreshSession();
    const admin = await actor('admin');
    const make = async (hours: number) => {
      const { data, error } = await admin.db.rpc('create_review_link', {
        client_id: client.id,
        valid_hours: hours,
      });
      expect(error).toBeNull();
      return (data as Array<{ link_id: string }>)[0]?.link_id ?? '';
    };
    const soon = await make(5);
    const later = await make(72);
    const revoked = await make(5);
    expect((await admin.db.rpc('revoke_review_link', { link_id: revoked })).error).toBeNull();

    expect((await upkeep()).error).toBeNull();
    expect((await upkeep()).error).toBeNull();
    const about = async (db: typeof admin.db, link: string) =>
      (
        await db
          .from('notifications')
          .select('kind, event_count, data, actor_id')
          .eq('kind', 'review_link_expiring')
          .contains('data', { link_id: link })
      ).data ?? [];
    const forAdmin = await about(admin.db, soon);
    expect(forAdmin).toEqual([
      expect.objectContaining({
        event_count: 1,
        actor_id: null,
        data: expect.objectContaining({ for: 'admin', client: 'Expiring BV' }),
      }),
    ]);
    const forClient = await about(client.db, soon);
    expect(forClient).toEqual([
      expect.objectContaining({ event_count: 1, data: expect.objectContaining({ for: 'client' }) }),
    ]);
    expect(await about(admin.db, later)).toEqual([]);
    expect(await about(admin.db, revoked)).toEqual([]);
    expect(await about(client.db, later)).toEqual([]);
    // Another member sees none of it.
    expect(await about((await actor('memberA')).db, soon)).toEqual([]);
  }, 60_000);
});
