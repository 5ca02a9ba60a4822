import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, arrange, freshUser, rowOf, serviceClient, uid } from './helpers.ts';

// Notifications (issue 22): written only by the database, read and marked only by their recipient,
// never from someone in a block with the recipient, never about one's own action; grouped.
// Fresh members own everything here, so seeded data other suites rely on stays as it is.

type Fresh = Awaited<ReturnType<typeof freshUser>>;
type Row = {
  id: string;
  kind: string;
  group_key: string;
  actor_id: string | null;
  actor_ids: string[];
  actor_count: number;
  event_count: number;
  post_id: string | null;
  comment_id: string | null;
  other_id: string | null;
  read_at: string | null;
  data: Record<string, unknown>;
};

const postBy = (user: string, title = 'A post') =>
  arrange('posts', { user_id: user, title, content: 'Text' });
/** Every notification of `recipient`, read with the service role (the effect, not the API). */
async function notificationsOf(recipient: string): Promise<Row[]> {
  const { data, error } = await serviceClient()
    .from('notifications')
    .select('*')
    .eq('recipient_id', recipient)
    .order('last_event_at', { ascending: false });
  if (error) throw error;
  return data as Row[];
}
async function comment(db: SupabaseClient, postId: string, content = 'A comment'): Promise<string> {
  const { data, error } = await db
    .from('comments')
    .insert({ post_id: postId, content })
    .select('id')
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

describe('who may read, write and mark notifications', () => {
  let a: Fresh;
  let b: Fresh;
  let mine: Row;
  beforeAll(async () => {
    [a, b] = await Promise.all([freshUser('Anna'), freshUser('Ben')]);
    const post = await postBy(a.id);
    await comment(b.db, post);
    const rows = await notificationsOf(a.id);
    expect(rows).toHaveLength(1);
    mine = rows[0] as Row;
  });

  it('a comment on my post notifies me, with the commenter, the post and the comment', () => {
    expect(mine).toMatchObject({ kind: 'comment_on_post', actor_id: b.id, read_at: null });
    expect(mine.post_id).toBeTruthy();
    expect(mine.comment_id).toBeTruthy();
  });

  it('the recipient reads their own; anon, another member, a client and an admin read nothing of it', async () => {
    const own = await a.db.from('notifications').select('id').eq('id', mine.id);
    expect(own.data).toHaveLength(1);
    const others: Array<{ name: string; db: SupabaseClient }> = [
      { name: 'other member', db: b.db },
      ...(await Promise.all((['anon', 'clientA', 'admin'] as const).map((n) => actor(n)))).map(
        (x: Actor) => ({
          name: x.name,
          db: x.db,
        }),
      ),
    ];
    for (const o of others) {
      const { data } = await o.db.from('notifications').select('id').eq('recipient_id', a.id);
      expect(data ?? [], o.name).toHaveLength(0);
    }
  });

  it('nobody inserts through the API, not even for themselves', async () => {
    const everyone = [
      a.db,
      b.db,
      ...(await Promise.all((['anon', 'clientA', 'admin'] as const).map(actor))).map((x) => x.db),
    ];
    for (const db of everyone) {
      const id = uid();
      await db
        .from('notifications')
        .insert({ id, recipient_id: a.id, kind: 'message', group_key: `forged:${id}`, actor_id: b.id });
      expect(await rowOf('notifications', id)).toBeNull();
    }
  });

  it('nobody updates or deletes rows directly, and only the recipient marks them read', async () => {
    const strangers = [
      b.db,
      ...(await Promise.all((['anon', 'clientA', 'admin'] as const).map(actor))).map((x) => x.db),
    ];
    for (const db of [...strangers, a.db]) {
      await db
        .from('notifications')
        .update({ read_at: new Date().toISOString(), kind: 'message' })
        .eq('id', mine.id);
      await db.from('notifications').delete().eq('id', mine.id);
    }
    for (const db of strangers) {
      const { data } = await db.rpc('mark_notifications_read', { ids: [mine.id] });
      expect(data ?? 0).toBe(0);
      await db.rpc('mark_notifications_read', {});
    }
    expect(await rowOf('notifications', mine.id)).toMatchObject({ read_at: null, kind: 'comment_on_post' });
    const { data, error } = await a.db.rpc('mark_notifications_read', { ids: [mine.id] });
    expect(error).toBeNull();
    expect(data).toBe(1);
    const read = await rowOf('notifications', mine.id);
    expect(read?.['read_at']).not.toBeNull();
    // Marking read never moves it in the list (ordered by the group's last event).
    expect(read?.['last_event_at']).toBe((mine as unknown as Record<string, unknown>)['last_event_at']);
  });

  it('anon cannot call mark_notifications_read at all', async () => {
    const { error } = await (await actor('anon')).db.rpc('mark_notifications_read', {});
    expect(error).not.toBeNull();
  });
});

describe('what notifies whom', () => {
  let a: Fresh;
  let b: Fresh;
  let c: Fresh;
  let d: Fresh;
  beforeAll(async () => {
    [a, b, c, d] = await Promise.all([
      freshUser('Anna'),
      freshUser('Noah'),
      freshUser('Cleo'),
      freshUser('Dirk'),
    ]);
  });

  it('likes on my post are one row per post: latest actor, distinct actors; my own like notifies nobody', async () => {
    const post = await postBy(a.id);
    for (const who of [b, c, d]) {
      const { error } = await who.db.from('likes').insert({ post_id: post });
      expect(error).toBeNull();
    }
    await a.db.from('likes').insert({ post_id: post });
    const likes = (await notificationsOf(a.id)).filter((n) => n.kind === 'like_on_post');
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({ actor_id: d.id, actor_count: 3, event_count: 3, post_id: post });
    // Read, then a new like opens a new group.
    await a.db.rpc('mark_notifications_read', {});
    await b.db.from('likes').delete().eq('post_id', post);
    await b.db.from('likes').insert({ post_id: post });
    const after = (await notificationsOf(a.id)).filter((n) => n.kind === 'like_on_post');
    expect(after).toHaveLength(2);
    expect(after.filter((n) => n.read_at === null)).toMatchObject([{ actor_id: b.id, actor_count: 1 }]);
  });

  it('a comment notifies earlier commenters of the post, never the commenter themself', async () => {
    const post = await postBy(d.id);
    await comment(b.db, post, 'first');
    await comment(c.db, post, 'second');
    await comment(b.db, post, 'third');
    const toB = (await notificationsOf(b.id)).filter((n) => n.post_id === post);
    expect(toB).toMatchObject([{ kind: 'comment_on_thread', actor_id: c.id, event_count: 1 }]);
    const toC = (await notificationsOf(c.id)).filter((n) => n.post_id === post);
    expect(toC).toMatchObject([{ kind: 'comment_on_thread', actor_id: b.id }]);
    const toD = (await notificationsOf(d.id)).filter((n) => n.post_id === post);
    expect(toD).toMatchObject([{ kind: 'comment_on_post', actor_count: 2, event_count: 3 }]);
  });

  it('friend request to me, and the acceptance of mine', async () => {
    const sent = await b.db.rpc('send_friend_request', { target_id: c.id });
    expect(sent.error).toBeNull();
    expect((await notificationsOf(c.id)).filter((n) => n.kind === 'friend_request')).toMatchObject([
      { actor_id: b.id, other_id: b.id },
    ]);
    const accepted = await c.db.rpc('accept_friend_request', {
      request_id: (sent.data as { id: string }).id,
    });
    expect(accepted.error).toBeNull();
    expect((await notificationsOf(b.id)).filter((n) => n.kind === 'friend_accepted')).toMatchObject([
      { actor_id: c.id, other_id: c.id },
    ]);
  });

  it('messages are grouped per conversation, and reading the thread marks the group read', async () => {
    for (const text of ['one', 'two', 'three']) {
      const { error } = await b.db.from('messages').insert({ receiver_id: a.id, content: text });
      expect(error).toBeNull();
    }
    const group = (await notificationsOf(a.id)).filter((n) => n.kind === 'message');
    expect(group).toMatchObject([{ other_id: b.id, event_count: 3, read_at: null }]);
    expect(await a.db.rpc('mark_conversation_read', { other: b.id })).toMatchObject({ data: 3 });
    expect((await rowOf('notifications', (group[0] as Row).id))?.['read_at']).not.toBeNull();
  });

  it('my post hidden after reports tells me without naming the reporters; the decision too', async () => {
    const post = await postBy(a.id, 'Reported post');
    const r1 = await b.db.from('reports').insert({ post_id: post, reason: 'spam' }).select('id').single();
    expect(r1.error).toBeNull();
    await c.db.from('reports').insert({ post_id: post, reason: 'spam' });
    const hidden = (await notificationsOf(a.id)).filter((n) => n.kind === 'content_hidden');
    expect(hidden).toMatchObject([{ post_id: post, actor_id: null, actor_ids: [] }]);
    const admin = await actor('admin');
    const decided = await admin.db.rpc('moderate_report', {
      report_id: (r1.data as { id: string }).id,
      decision: 'keep',
    });
    expect(decided.error).toBeNull();
    const kept = (await notificationsOf(a.id)).filter((n) => n.kind === 'moderation_kept');
    expect(kept).toMatchObject([{ post_id: post, actor_id: null, event_count: 1 }]);
  });
});

describe('a block is a block', () => {
  let a: Fresh;
  let b: Fresh;
  let c: Fresh;
  let d: Fresh;
  beforeAll(async () => {
    [a, b, c, d] = await Promise.all([
      freshUser('Anna'),
      freshUser('Bo'),
      freshUser('Cas'),
      freshUser('Dana'),
    ]);
  });

  it('no notification from a member I blocked, nor from one who blocked me; others still notify', async () => {
    const post = await postBy(d.id);
    await comment(a.db, post, 'A was here');
    await comment(b.db, post, 'B was here');
    expect(await a.db.from('blocks').insert({ blocker_id: a.id, blocked_id: c.id })).toMatchObject({
      error: null,
    });
    expect(await c.db.from('blocks').insert({ blocker_id: c.id, blocked_id: b.id })).toMatchObject({
      error: null,
    });
    const before = await notificationsOf(a.id);
    await comment(c.db, post, 'C comments');
    const toA = (await notificationsOf(a.id)).filter((n) => n.actor_ids.includes(c.id));
    expect(toA).toHaveLength(0);
    expect((await notificationsOf(b.id)).filter((n) => n.actor_ids.includes(c.id))).toHaveLength(0);
    expect((await notificationsOf(d.id)).filter((n) => n.actor_ids.includes(c.id))).toHaveLength(1);
    expect((await notificationsOf(a.id)).length).toBe(before.length);
  });

  it('a new block takes the blocked member out of my existing notifications', async () => {
    const post = await postBy(a.id);
    await b.db.from('likes').insert({ post_id: post });
    await d.db.from('likes').insert({ post_id: post });
    await d.db.from('messages').insert({ receiver_id: a.id, content: 'hi' });
    expect(await a.db.from('blocks').insert({ blocker_id: a.id, blocked_id: d.id })).toMatchObject({
      error: null,
    });
    const rows = await notificationsOf(a.id);
    expect(rows.filter((n) => n.actor_ids.includes(d.id) || n.other_id === d.id)).toHaveLength(0);
    expect(rows.filter((n) => n.kind === 'like_on_post' && n.post_id === post)).toMatchObject([
      { actor_id: b.id, actor_ids: [b.id], actor_count: 1 },
    ]);
  });
});

describe('Timeline Alchemy', () => {
  it('a new preview tells its client; the client’s change request tells the admins, with the comment', async () => {
    const admin = await actor('admin');
    const client = await actor('clientA');
    const text = 'Notify the client';
    const { data: created, error } = await admin.db.rpc('create_preview_with_idea', {
      client_id: client.id,
      title: 'Notifications preview',
      channel: 'LinkedIn',
      draft_content: { content: text, platforms: { LinkedIn: text }, selectedPosts: [] },
    });
    expect(error).toBeNull();
    const preview = (created as { id: string }).id;
    const toClient = (await notificationsOf(client.id as string)).filter(
      (n) => n.kind === 'preview_to_review',
    );
    expect(toClient[0]).toMatchObject({ actor_id: admin.id, read_at: null });
    expect(toClient[0]?.['preview_id' as keyof Row]).toBe(preview);

    const asked = await client.db.rpc('request_preview_changes', {
      preview_id: preview,
      feedback: 'Shorter, please',
    });
    expect(asked.error).toBeNull();
    const toAdmin = (await notificationsOf(admin.id as string)).filter(
      (n) =>
        n.kind === 'preview_changes_requested' &&
        n['preview_id' as keyof Row] === preview &&
        n.data['feedback'] === 'Shorter, please',
    );
    expect(toAdmin).toMatchObject([{ actor_id: client.id }]);
    // The admin's own action (creating the preview) never notifies the admin.
    expect(
      (await notificationsOf(admin.id as string)).filter((n) => n.kind === 'preview_to_review'),
    ).toHaveLength(0);
  });
});
