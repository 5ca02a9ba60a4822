import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { actor, arrange, freshUser, rowOf, serviceClient, USERS, uid } from './helpers.ts';
import { AUTHENTICATED, NOBODY, other, own, runMatrix, type Scenario } from './rls-kit.ts';

/** Direct messages (issue 9): server-owned read state, soft delete, privacy, blocks, rate limit. */

const message = (from: string, to: string, content = 'Fixture') =>
  arrange('messages', { sender_id: from, receiver_id: to, content });

async function markRead(db: SupabaseClient, otherId: string) {
  return db.rpc('mark_conversation_read', { other: otherId });
}

const scenarios: Scenario[] = [
  {
    table: 'messages',
    op: 'mark_conversation_read marks a message to member B',
    allowed: ['memberB'],
    run: async (a) => {
      const id = await message(USERS.memberA.id, USERS.memberB.id);
      await markRead(a.db, a.id === USERS.memberB.id ? USERS.memberA.id : USERS.memberB.id);
      return (await rowOf('messages', id))?.['read'] === true;
    },
  },
  {
    table: 'messages',
    op: 'delete_message soft-deletes a message of member A',
    allowed: ['memberA'],
    run: async (a) => {
      const id = await message(USERS.memberA.id, USERS.memberB.id);
      await a.db.rpc('delete_message', { message_id: id });
      const row = await rowOf('messages', id);
      return row?.['deleted_at'] !== null && row?.['content'] === '';
    },
  },
  {
    table: 'messages',
    op: 'receiver rewrites content (any way)',
    allowed: NOBODY,
    run: async (a) => {
      const id = await message(other(a), own(a));
      await a.db.from('messages').update({ content: 'Rewritten' }).eq('id', id);
      await a.db.rpc('delete_message', { message_id: id });
      return (await rowOf('messages', id))?.['content'] !== 'Fixture';
    },
  },
  {
    table: 'messages',
    op: 'send to oneself',
    allowed: NOBODY,
    run: async (a) => {
      const { error } = await a.db
        .from('messages')
        .insert({ sender_id: own(a), receiver_id: own(a), content: 'Me' });
      return error === null;
    },
  },
  {
    table: 'messages',
    op: 'list own conversations',
    allowed: AUTHENTICATED,
    run: async (a) => {
      const { data, error } = await a.db.rpc('my_conversations', {});
      return error === null && Array.isArray(data);
    },
  },
];

runMatrix('messages: functions and server-owned state', scenarios);

describe('messages: who may message whom', () => {
  it('refuses a stranger when the receiver accepts friends only, with messages_friends_only', async () => {
    const stranger = await freshUser('Stranger');
    const { error } = await stranger.db
      .from('messages')
      .insert({ sender_id: stranger.id, receiver_id: USERS.memberA.id, content: 'Hi' });
    expect(error).toBeNull(); // positive control: Emma accepts everyone
    const lucas = '77777777-7777-4777-8777-777777777777'; // seeded: friends only
    const refused = await stranger.db
      .from('messages')
      .insert({ sender_id: stranger.id, receiver_id: lucas, content: 'Hi' });
    expect(refused.error?.message).toBe('messages_friends_only');
  });

  it('lets a friend through when the receiver accepts friends only', async () => {
    const a = await freshUser('Friend A');
    const b = await freshUser('Friend B');
    await b.db.from('profiles').update({ message_privacy: 'friends' }).eq('user_id', b.id);
    const before = await a.db.from('messages').insert({ sender_id: a.id, receiver_id: b.id, content: 'Hi' });
    expect(before.error?.message).toBe('messages_friends_only');
    await arrange('friendships', { requester_id: a.id, addressee_id: b.id, status: 'accepted' });
    const after = await a.db.from('messages').insert({ sender_id: a.id, receiver_id: b.id, content: 'Hi' });
    expect(after.error).toBeNull();
  });

  it('refuses both directions once one blocks the other, answered as for a missing member', async () => {
    const a = await freshUser('Blocker');
    const b = await freshUser('Blocked');
    expect((await b.db.from('messages').insert({ receiver_id: a.id, content: 'before' })).error).toBeNull();
    await a.db.from('blocks').insert({ blocked_id: b.id });
    expect((await b.db.from('messages').insert({ receiver_id: a.id, content: 'x' })).error?.message).toBe(
      'messages_unavailable',
    );
    expect((await a.db.from('messages').insert({ receiver_id: b.id, content: 'x' })).error?.message).toBe(
      'messages_unavailable',
    );
    const missing = await b.db.from('messages').insert({ receiver_id: uid(), content: 'x' });
    expect(missing.error?.message).toBe('messages_unavailable');
  });

  it('limits a sender to 20 messages a minute with messages_rate_limited (HTTP 429)', async () => {
    const a = await freshUser('Flooder');
    for (let i = 0; i < 20; i++) {
      const { error } = await a.db
        .from('messages')
        .insert({ receiver_id: USERS.memberC.id, content: `m${i}` });
      expect(error).toBeNull();
    }
    const { error, status } = await a.db
      .from('messages')
      .insert({ receiver_id: USERS.memberC.id, content: 'one too many' });
    expect(error?.message).toBe('messages_rate_limited');
    expect(status).toBe(429);
  });

  it('ignores a created_at chosen by the sender and refuses read=true on insert', async () => {
    const a = await freshUser('Timestamps');
    const backdated = await a.db
      .from('messages')
      .insert({ receiver_id: USERS.memberC.id, content: 'x', created_at: '2000-01-01T00:00:00Z' });
    expect(backdated.error).not.toBeNull();
    const preRead = await a.db
      .from('messages')
      .insert({ receiver_id: USERS.memberC.id, content: 'x', read: true });
    expect(preRead.error).not.toBeNull();
  });
});

describe('messages: conversation list and thread', () => {
  it('answers the list in one call with names, last message and unread counts, newest first', async () => {
    const me = await freshUser('Lister');
    const p = await freshUser('Partner P');
    const q = await freshUser('Partner Q');
    await p.db.from('messages').insert({ receiver_id: me.id, content: 'from P 1' });
    await p.db.from('messages').insert({ receiver_id: me.id, content: 'from P 2' });
    await me.db.from('messages').insert({ receiver_id: q.id, content: 'to Q' });
    const { data, error } = await me.db.rpc('my_conversations', {});
    expect(error).toBeNull();
    const rows = data as Array<{
      other_id: string;
      display_name: string;
      last_content: string;
      unread_count: number;
    }>;
    expect(rows.map((r) => [r.display_name, r.last_content, r.unread_count])).toEqual([
      ['Partner Q', 'to Q', 0],
      ['Partner P', 'from P 2', 2],
    ]);
    // P's own list counts nothing unread; reading clears mine; P cannot read for me.
    expect(await markRead(p.db, me.id)).toMatchObject({ data: 0 });
    expect(await markRead(me.db, p.id)).toMatchObject({ data: 2 });
    const after = (await me.db.rpc('my_conversations', {})).data as typeof rows;
    expect(after.find((r) => r.other_id === p.id)?.unread_count).toBe(0);
    // anon has no list
    const anon = await actor('anon');
    expect((await anon.db.rpc('my_conversations', {})).error).not.toBeNull();
  });

  it('pages a thread by (created_at, id) without gaps or repeats, and hides it from others', async () => {
    const a = await freshUser('Pager A');
    const b = await freshUser('Pager B');
    // One statement: server timestamps give all 25 the same created_at, so the id tie-break
    // is what keeps pages apart.
    const rows = Array.from({ length: 25 }, (_, i) => ({
      sender_id: i % 2 ? a.id : b.id,
      receiver_id: i % 2 ? b.id : a.id,
      content: `n${i}`,
    }));
    const { error } = await serviceClient().from('messages').insert(rows);
    expect(error).toBeNull();
    const seen: string[] = [];
    let cursor: { before_at?: string; before_id?: string } = {};
    for (let page = 0; page < 5; page++) {
      const res = await a.db.rpc('thread_messages', { other: b.id, max_rows: 10, ...cursor });
      expect(res.error).toBeNull();
      const got = res.data as Array<{ id: string; created_at: string; content: string }>;
      seen.push(...got.map((m) => m.content));
      const last = got.at(-1);
      if (!last || got.length < 10) break;
      cursor = { before_at: last.created_at, before_id: last.id };
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const outsider = await actor('memberB');
    const spy = await outsider.db.rpc('thread_messages', { other: b.id, max_rows: 100 });
    expect(spy.data).toEqual([]);
  });
});
