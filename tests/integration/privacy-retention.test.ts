import { describe, expect, it } from 'vitest';
import { actor, serviceClient } from './helpers.ts';
import { deleteAs, jwtOf, seededMember, sql } from './privacy-kit.ts';

/** What deletion keeps as proof of newsletter consent goes when its retention ends. */

describe('retention of the pseudonymised consent proof', () => {
  it('newsletter_purge_erased() removes erased subscriptions three years after their last event, nothing else', async () => {
    const gone = await seededMember('Long Gone');
    const recent = await seededMember('Recently Gone');
    const stays = await seededMember('Still Subscribed');
    expect((await deleteAs(gone.email, await jwtOf(gone.db))).status).toBe(200);
    expect((await deleteAs(recent.email, await jwtOf(recent.db))).status).toBe(200);
    // Time passes for the first: its ledger rows are moved back (triggers off, as only a test may).
    const backdate = (id: string, by: string) =>
      sql(
        `begin; set local session_replication_role = replica;
         update public.newsletter_consents set created_at = created_at - interval '${by}' where subscriber_id = '${id}';
         commit;`,
      );
    await backdate(gone.ids.subscriber, '3 years 1 day');
    await backdate(stays.ids.subscriber, '5 years');
    await backdate(recent.ids.subscriber, '2 years');
    // Only the service role may run it.
    const member = await actor('memberB');
    expect((await member.db.rpc('newsletter_purge_erased')).error).not.toBeNull();
    const { data, error } = await serviceClient().rpc('newsletter_purge_erased');
    expect(error).toBeNull();
    expect(data).toBeGreaterThanOrEqual(1);
    const left = async (id: string) =>
      (
        await sql<{ n: number }>(
          'select count(*)::int as n from public.newsletter_consents where subscriber_id = $1',
          [id],
        )
      )[0]?.n;
    expect(await left(gone.ids.subscriber)).toBe(0);
    expect(await left(recent.ids.subscriber)).toBe(3);
    expect(await left(stays.ids.subscriber)).toBe(2);
    // Outside the purge, old erased rows are as append-only as ever.
    await expect(
      sql(`delete from public.newsletter_consents where subscriber_id = '${recent.ids.subscriber}'`),
    ).rejects.toThrow(/append-only/);
  }, 90_000);
});
