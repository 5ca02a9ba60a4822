import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, serviceClient, USERS } from './helpers.ts';
import { AUTHENTICATED, NOBODY, runMatrix, type Scenario } from './rls-kit.ts';

/** Each person's IANA time zone: set only by its owner (from the browser), read by them and admins. */

async function zoneOf(profileId: string): Promise<string | null> {
  const { data, error } = await serviceClient()
    .from('profile_time_zones')
    .select('time_zone')
    .eq('profile_id', profileId)
    .maybeSingle();
  if (error) throw error;
  return (data as { time_zone: string } | null)?.time_zone ?? null;
}

const ZONES = ['America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'Europe/Lisbon'];
const pick = (not: string | null) => ZONES.find((z) => z !== not) ?? 'UTC';

beforeAll(async () => {
  const { error } = await serviceClient()
    .from('profile_time_zones')
    .upsert({ profile_id: USERS.clientA.id, time_zone: 'America/New_York' });
  if (error) throw error;
});

const readsClientA = async (a: Actor) => {
  const { data } = await a.db
    .from('profile_time_zones')
    .select('time_zone')
    .eq('profile_id', USERS.clientA.id);
  return (data?.length ?? 0) === 1;
};

const scenarios: Scenario[] = [
  {
    table: 'profile_time_zones',
    op: "read client A's time zone",
    allowed: ['admin', 'clientA'],
    run: readsClientA,
  },
  {
    table: 'profile_time_zones',
    op: 'set their own zone with set_my_time_zone()',
    allowed: AUTHENTICATED,
    run: async (a) => {
      const zone = pick(a.id ? await zoneOf(a.id) : null);
      const { error } = await a.db.rpc('set_my_time_zone', { time_zone: zone });
      return error === null && !!a.id && (await zoneOf(a.id)) === zone;
    },
  },
  {
    table: 'profile_time_zones',
    op: "change client A's zone directly (update or upsert)",
    allowed: NOBODY,
    run: async (a) => {
      const before = await zoneOf(USERS.clientA.id);
      await a.db
        .from('profile_time_zones')
        .update({ time_zone: 'Asia/Tokyo' })
        .eq('profile_id', USERS.clientA.id);
      await a.db.from('profile_time_zones').upsert({ profile_id: USERS.clientA.id, time_zone: 'Asia/Tokyo' });
      const after = await zoneOf(USERS.clientA.id);
      return after !== before;
    },
  },
  {
    table: 'profile_time_zones',
    op: "delete client A's zone",
    allowed: NOBODY,
    run: async (a) => {
      await a.db.from('profile_time_zones').delete().eq('profile_id', USERS.clientA.id);
      return (await zoneOf(USERS.clientA.id)) === null;
    },
  },
];

runMatrix('Timeline Alchemy: client time zones', scenarios);

describe('time zone values', () => {
  it('an unknown zone is refused with 22023 and the stored one stays', async () => {
    const { db } = await actor('clientB');
    await db.rpc('set_my_time_zone', { time_zone: 'Europe/Amsterdam' });
    for (const zone of ['Mars/Olympus_Mons', '', 'x'.repeat(80)]) {
      const { error } = await db.rpc('set_my_time_zone', { time_zone: zone });
      expect(error?.code).toBe('22023');
    }
    expect(await zoneOf(USERS.clientB.id)).toBe('Europe/Amsterdam');
  });

  it('the trigger checks every path, the service role included', async () => {
    const { error } = await serviceClient()
      .from('profile_time_zones')
      .upsert({ profile_id: USERS.memberC.id, time_zone: 'Not/AZone' });
    expect(error?.code).toBe('22023');
    expect(await zoneOf(USERS.memberC.id)).toBeNull();
  });

  it('admins read every client zone; anon reads none', async () => {
    const { data } = await (await actor('admin')).db.from('profile_time_zones').select('profile_id');
    expect((data ?? []).map((r) => r.profile_id)).toContain(USERS.clientA.id);
    const anon = await (await actor('anon')).db.from('profile_time_zones').select('profile_id');
    expect(anon.data ?? []).toEqual([]);
  });
});
