import type { RealtimePresenceState } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { actor, freshUser, newClient, serviceClient, signedIn, USERS, uid } from './helpers.ts';
import { broadcastChannel, dmTopic, subscribe, tokenFor, until } from './realtime-kit.ts';

/** Broadcast, Presence and private-channel authorization through unmodified supabase-js. */

describe('broadcast between two members', () => {
  it('delivers to the other subscriber, to the sender only with self, and acknowledges with ack', async () => {
    const a = await freshUser();
    const b = await freshUser();
    const topic = `room-${uid()}`;
    const forB = await broadcastChannel(b.db, topic);
    const forA = await broadcastChannel(a.db, topic, { ack: true });
    expect(forA.result.status).toBe('SUBSCRIBED');
    expect(await forA.channel.send({ type: 'broadcast', event: 'note', payload: { marker: 'one' } })).toBe(
      'ok',
    );
    expect(await until(() => forB.has('one'))).toBe(true);
    expect(forB.received[0]?.event).toBe('note');

    const selfish = await broadcastChannel(a.db, `room-${uid()}`, { self: true });
    await selfish.channel.send({ type: 'broadcast', event: 'echo', payload: { marker: 'mine' } });
    expect(await until(() => selfish.has('mine'))).toBe(true);

    // Without self the sender never hears itself; the other side's copy is the positive control.
    await forA.channel.send({ type: 'broadcast', event: 'note', payload: { marker: 'two' } });
    expect(await until(() => forB.has('two'))).toBe(true);
    expect(forA.has('one') || forA.has('two')).toBe(false);
    await Promise.all([forA.close(), forB.close(), selfish.close()]);
  });

  it('keeps unicode and nested payloads intact', async () => {
    const a = await freshUser();
    const topic = `room-${uid()}`;
    const forB = await broadcastChannel(newClient(), topic);
    const forA = await broadcastChannel(a.db, topic);
    const payload = { marker: 'u', text: 'héllo 👋 — ünïcode', nested: { list: [1, 'two', null] } };
    await forA.channel.send({ type: 'broadcast', event: 'typing', payload });
    expect(await until(() => forB.has('u'))).toBe(true);
    expect(forB.received[0]?.payload).toEqual(payload);
    await Promise.all([forA.close(), forB.close()]);
  });
});

describe('presence', () => {
  it('shares tracked state and reports joins and leaves in Supabase format', async () => {
    const topic = `presence-${uid()}`;
    const a = newClient();
    const b = newClient();
    const joins: string[] = [];
    const leaves: string[] = [];
    const chA = a.channel(topic, { config: { presence: { key: 'alice' } } });
    chA.on('presence', { event: 'join' }, ({ key }) => joins.push(key));
    chA.on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    expect((await subscribe(chA)).status).toBe('SUBSCRIBED');
    expect(await chA.track({ online_at: 'now', name: 'Alice' })).toBe('ok');

    const chB = b.channel(topic, { config: { presence: { key: 'bob' } } });
    chB.on('presence', { event: 'sync' }, () => undefined);
    expect((await subscribe(chB)).status).toBe('SUBSCRIBED');
    // B joins later and still sees A (presence_state), then tracks itself.
    expect(await until(() => 'alice' in chB.presenceState())).toBe(true);
    const state = chB.presenceState() as RealtimePresenceState<{ name: string }>;
    expect(state['alice']?.[0]?.name).toBe('Alice');
    expect(await chB.track({ name: 'Bob' })).toBe('ok');
    expect(await until(() => joins.includes('bob'))).toBe(true);
    expect(await until(() => 'bob' in chA.presenceState())).toBe(true);

    // An update replaces the meta instead of adding one.
    await chB.track({ name: 'Bob', typing: true });
    expect(
      await until(() => (chA.presenceState()['bob'] as Array<{ typing?: boolean }>)?.[0]?.typing === true),
    ).toBe(true);
    expect(chA.presenceState()['bob']).toHaveLength(1);

    await chB.untrack();
    expect(await until(() => leaves.includes('bob') && !('bob' in chA.presenceState()))).toBe(true);
    await chB.track({ name: 'Bob' });
    expect(await until(() => 'bob' in chA.presenceState())).toBe(true);
    await b.removeChannel(chB); // Leaving the channel also ends its presence.
    expect(await until(() => !('bob' in chA.presenceState()))).toBe(true);
    await a.removeChannel(chA);
  });
});

/** Joins a private channel, and leaves it again: the join's outcome. */
async function joinStatus(db: import('@supabase/supabase-js').SupabaseClient, topic: string) {
  const joined = await broadcastChannel(db, topic, { private: true });
  await joined.close();
  return joined.result.status;
}

/** A fresh signed-in client per test, so no test inherits another's channels. */
const member = async (name: keyof typeof USERS) => ({ db: await signedIn(USERS[name].email) });

describe('private dm channels (realtime.messages policies)', () => {
  const topic = dmTopic(USERS.memberA.id, USERS.memberB.id);

  it('lets both members join, broadcast and see each other present', async () => {
    const a = await member('memberA');
    const b = await member('memberB');
    const forB = await broadcastChannel(b.db, topic, { private: true });
    const forA = await broadcastChannel(a.db, topic, { private: true, ack: true, presence: true });
    expect([forA.result.status, forB.result.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);
    expect(await forA.channel.send({ type: 'broadcast', event: 'typing', payload: { marker: 'dm' } })).toBe(
      'ok',
    );
    expect(await until(() => forB.has('dm'))).toBe(true);
    expect(await forB.channel.track({ user: USERS.memberB.id })).toBe('ok');
    expect(
      await until(() =>
        Object.values(forA.channel.presenceState()).some((metas) =>
          (metas as Array<{ user?: string }>).some((m) => m.user === USERS.memberB.id),
        ),
      ),
    ).toBe(true);
    await Promise.all([forA.close(), forB.close()]);
  });

  it.each(['memberC', 'anon', 'clientA', 'admin'] as const)('refuses %s', async (name) => {
    const outsider = name === 'anon' ? await actor('anon') : await member(name);
    const joined = await broadcastChannel(outsider.db, topic, { private: true, presence: true });
    await joined.close();
    expect(joined.result.status).toBe('CHANNEL_ERROR');
    expect(String(joined.result.error?.message)).toContain('You do not have permissions to read');
  });

  it('a public channel of the same name never receives the private messages', async () => {
    const a = await member('memberA');
    const b = await member('memberB');
    const eavesdropper = await broadcastChannel((await member('memberC')).db, topic);
    const forA = await broadcastChannel(a.db, topic, { private: true });
    const forB = await broadcastChannel(b.db, topic, { private: true });
    await forA.channel.send({ type: 'broadcast', event: 'secret', payload: { marker: 'secret' } });
    expect(await until(() => forB.has('secret'))).toBe(true);
    // Positive control: a public message on the public channel does reach the eavesdropper.
    const publicSender = await broadcastChannel(newClient(), topic);
    await publicSender.channel.send({ type: 'broadcast', event: 'public', payload: { marker: 'public' } });
    expect(await until(() => eavesdropper.has('public'))).toBe(true);
    expect(eavesdropper.has('secret')).toBe(false);
    await Promise.all([forA.close(), forB.close(), eavesdropper.close(), publicSender.close()]);
  });

  it('refuses the reversed topic, a third id, and members who blocked each other', async () => {
    const a = await member('memberA');
    const reversed = `dm:${[USERS.memberA.id, USERS.memberB.id].sort().reverse().join(':')}`;
    expect(await joinStatus(a.db, reversed)).toBe('CHANNEL_ERROR');
    const x = await freshUser();
    const y = await freshUser();
    const pair = dmTopic(x.id, y.id);
    expect(await joinStatus(y.db, pair)).toBe('SUBSCRIBED');
    const { error } = await serviceClient().from('blocks').insert({ blocker_id: x.id, blocked_id: y.id });
    expect(error).toBeNull();
    // The blocked side cannot join, nor can the one who blocked.
    expect(await joinStatus(y.db, pair)).toBe('CHANNEL_ERROR');
    expect(await joinStatus(x.db, pair)).toBe('CHANNEL_ERROR');
    await serviceClient().from('blocks').delete().eq('blocker_id', x.id);
    expect(await joinStatus(y.db, pair)).toBe('SUBSCRIBED');
  });

  it('user:<id> is only for that user', async () => {
    const me = await freshUser();
    const other = await freshUser();
    expect(await joinStatus(me.db, `user:${me.id}`)).toBe('SUBSCRIBED');
    expect(await joinStatus(other.db, `user:${me.id}`)).toBe('CHANNEL_ERROR');
  });
});

describe('broadcast over HTTP (channel.httpSend, POST /realtime/v1/api/broadcast)', () => {
  it('delivers to a private channel only when the sender may write to it', async () => {
    const a = await member('memberA');
    const b = await member('memberB');
    const topic = dmTopic(USERS.memberA.id, USERS.memberB.id);
    const forB = await broadcastChannel(b.db, topic, { private: true });
    const sender = a.db.channel(topic, { config: { private: true } });
    expect(await sender.httpSend('typing', { marker: 'http' })).toEqual({ success: true });
    expect(await until(() => forB.has('http'))).toBe(true);
    const outsider = (await member('memberC')).db.channel(topic, { config: { private: true } });
    await expect(outsider.httpSend('typing', { marker: 'intruder' })).rejects.toThrow('Unauthorized');
    // Positive control after the refused one: the member's next message still arrives alone.
    await sender.httpSend('typing', { marker: 'after' });
    expect(await until(() => forB.has('after'))).toBe(true);
    expect(forB.has('intruder')).toBe(false);
    await forB.close();
  });

  it('accepts the batch endpoint and answers 422 / 401 like Supabase', async () => {
    const topic = `room-${uid()}`;
    const listener = await broadcastChannel(newClient(), topic);
    const { url } = await import('./helpers.ts');
    const { inject } = await import('vitest');
    const key = inject('supabaseAnonKey');
    const post = (body: unknown, headers: Record<string, string> = { apikey: key }) =>
      fetch(`${url()}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const ok = await post({ messages: [{ topic, event: 'ping', payload: { marker: 'batch' } }] });
    expect(ok.status).toBe(202);
    expect(await until(() => listener.has('batch'))).toBe(true);
    expect((await post({ messages: [{ topic }] })).status).toBe(422);
    expect((await post({ messages: [] }, { apikey: 'not-a-token' })).status).toBe(401);
    await listener.close();
  });
});

describe('token expiry and refresh', () => {
  it('stops delivering when the token expires, and keeps delivering after a refresh', async () => {
    const member = await freshUser();
    const topic = `expiry-${uid()}`;
    const shortLived = newClient();
    shortLived.realtime.setAuth(await tokenFor(member.id, 2));
    const refreshed = newClient();
    refreshed.realtime.setAuth(await tokenFor(member.id, 2));
    const control = await broadcastChannel(newClient(), topic);
    const expiring = await broadcastChannel(shortLived, topic);
    const renewed = await broadcastChannel(refreshed, topic);
    expect([expiring.result.status, renewed.result.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);
    await refreshed.realtime.setAuth(await tokenFor(member.id, 600));

    const sender = await broadcastChannel(newClient(), topic);
    await sender.channel.send({ type: 'broadcast', event: 'tick', payload: { marker: 'before' } });
    expect(await until(() => expiring.has('before') && renewed.has('before'))).toBe(true);

    // The server tells the channel why it closes, as Supabase does.
    expect(
      await until(() => expiring.system.some((s) => String(s['message']).includes('Token has expired'))),
    ).toBe(true);
    await sender.channel.send({ type: 'broadcast', event: 'tick', payload: { marker: 'after' } });
    expect(await until(() => control.has('after') && renewed.has('after'))).toBe(true);
    expect(expiring.has('after')).toBe(false);
    await Promise.all([control.close(), expiring.close(), renewed.close(), sender.close()]);
  });
});

describe('realtime.send() from SQL', () => {
  it('broadcasts to a private channel only when the caller may write to it', async () => {
    const pg = (await import('pg')).default;
    const { inject } = await import('vitest');
    const topic = dmTopic(USERS.memberA.id, USERS.memberB.id);
    const forB = await broadcastChannel(await signedIn(USERS.memberB.email), topic, { private: true });
    const db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
    await db.connect();
    const sendAs = async (sub: string, marker: string) => {
      await db.query('begin');
      await db.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [JSON.stringify({ sub, role: 'authenticated' })],
      );
      await db.query('select realtime.send($1::jsonb, $2, $3, true)', [
        JSON.stringify({ marker }),
        'note',
        topic,
      ]);
      await db.query('commit');
    };
    try {
      await sendAs(USERS.memberC.id, 'from-outsider');
      await sendAs(USERS.memberA.id, 'from-member');
      expect(await until(() => forB.has('from-member'))).toBe(true);
      expect(forB.has('from-outsider')).toBe(false);
    } finally {
      await db.end();
      await forB.close();
    }
  });
});

describe('database connection loss', () => {
  it('postgres_changes resume after PostgreSQL drops the realtime listener', async () => {
    const pg = (await import('pg')).default;
    const { inject } = await import('vitest');
    const member = await freshUser();
    const seen: string[] = [];
    const channel = member.db
      .channel(`resume-${uid()}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'posts', filter: `user_id=eq.${member.id}` },
        (p) => seen.push(String((p.new as { title?: string }).title)),
      );
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    const db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
    await db.connect();
    try {
      const killed = await db.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen supabase_realtime_broadcast'",
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      // Posts keep being written until one arrives: bounded, and no fixed wait.
      let arrived = false;
      for (let i = 0; i < 40 && !arrived; i++) {
        await member.db.from('posts').insert({ user_id: member.id, title: `after ${i}`, content: 'x' });
        arrived = await until(() => seen.length > 0, 250);
      }
      expect(arrived).toBe(true);
    } finally {
      await db.end();
      await member.db.removeChannel(channel);
    }
  });
});
