import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { actor, freshUser, USERS } from './helpers.ts';

type Row = Record<string, unknown>;

/** Subscribes and collects events; resolves once the server confirmed the subscription. */
async function listen(db: SupabaseClient, table: string, filter?: string) {
  const events: RealtimePostgresChangesPayload<Row>[] = [];
  const channel = db
    .channel(`test-${crypto.randomUUID()}`)
    .on('postgres_changes', { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) }, (p) =>
      events.push(p),
    );
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    }),
  );
  return { events, close: () => db.removeChannel(channel) };
}

const until = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};
const settle = () => new Promise((r) => setTimeout(r, 400));

describe('realtime postgres_changes through supabase-js', () => {
  it('delivers a message between A and admin to A but not to member B', async () => {
    const a = await actor('memberA');
    const b = await actor('memberB');
    const admin = await actor('admin');
    const forA = await listen(a.db, 'messages');
    const forB = await listen(b.db, 'messages');
    const content = `secret ${crypto.randomUUID()}`;
    const { error } = await admin.db
      .from('messages')
      .insert({ sender_id: USERS.admin.id, receiver_id: USERS.memberA.id, content });
    expect(error).toBeNull();
    expect(await until(() => forA.events.some((e) => (e.new as Row)['content'] === content))).toBe(true);
    await settle();
    expect(forB.events.some((e) => (e.new as Row)['content'] === content)).toBe(false);
    await forA.close();
    await forB.close();
  });

  it('applies filters: only posts of the filtered author arrive', async () => {
    const watcher = await freshUser();
    const author = await freshUser();
    const otherAuthor = await freshUser();
    const sub = await listen(watcher.db, 'posts', `user_id=eq.${author.id}`);
    await otherAuthor.db.from('posts').insert({ user_id: otherAuthor.id, title: 'Other', content: 'x' });
    await author.db.from('posts').insert({ user_id: author.id, title: 'Mine', content: 'y' });
    expect(await until(() => sub.events.length > 0)).toBe(true);
    await settle();
    expect(sub.events.map((e) => (e.new as Row)['title'])).toEqual(['Mine']);
    expect(sub.events[0]?.eventType).toBe('INSERT');
    await sub.close();
  });

  it('delivers updates and deletes with the primary key', async () => {
    const member = await freshUser();
    const sub = await listen(member.db, 'posts', undefined);
    const { data } = await member.db
      .from('posts')
      .insert({ user_id: member.id, title: 'T', content: 'c' })
      .select('id')
      .single();
    const id = (data as { id: string }).id;
    await member.db.from('posts').update({ content: 'changed' }).eq('id', id);
    await member.db.from('posts').delete().eq('id', id);
    expect(
      await until(
        () =>
          sub.events.filter((e) => (e.new as Row)['id'] === id || (e.old as Row)['id'] === id).length >= 3,
      ),
    ).toBe(true);
    const mine = sub.events.filter((e) => (e.new as Row)['id'] === id || (e.old as Row)['id'] === id);
    expect(mine.map((e) => e.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect((mine[1]?.new as Row | undefined)?.['content']).toBe('changed');
    await sub.close();
  });

  it('signed-out subscribers get public posts but no private rows', async () => {
    const { newClient } = await import('./helpers.ts');
    const anon = newClient();
    const posts = await listen(anon, 'posts');
    const likes = await listen(anon, 'likes');
    const member = await freshUser();
    const { data } = await member.db
      .from('posts')
      .insert({ user_id: member.id, title: 'Public', content: 'p' })
      .select('id')
      .single();
    await member.db.from('likes').insert({ post_id: (data as { id: string }).id, user_id: member.id });
    expect(
      await until(() => posts.events.some((e) => (e.new as Row)['id'] === (data as { id: string }).id)),
    ).toBe(true);
    await settle();
    expect(likes.events).toHaveLength(0);
    await posts.close();
    await likes.close();
  });

  it('delivers rows too large for a NOTIFY payload, still only to permitted readers', async () => {
    const a = await actor('memberA');
    const c = await actor('clientB');
    const forA = await listen(a.db, 'messages', `receiver_id=eq.${USERS.memberA.id}`);
    const forC = await listen(c.db, 'messages');
    const sender = await freshUser();
    const content = `${crypto.randomUUID()} ${'é'.repeat(4900)}`; // ~9.8 KB in UTF-8
    expect(
      (
        await sender.db
          .from('messages')
          .insert({ sender_id: sender.id, receiver_id: USERS.memberA.id, content })
      ).error,
    ).toBeNull();
    expect(await until(() => forA.events.some((e) => (e.new as Row)['content'] === content))).toBe(true);
    await settle();
    expect(forC.events.some((e) => (e.new as Row)['content'] === content)).toBe(false);
    await forA.close();
    await forC.close();
  });
});
