import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ActorName, actor, arrange, freshUser, rowOf, serviceClient, USERS } from './helpers.ts';

// Blocks, reports, moderation and rate limits, through supabase-js as anon, members, a client and
// an admin. Fresh members own everything here, so seeded data other suites rely on stays as it is.

type Fresh = Awaited<ReturnType<typeof freshUser>>;
const sees = async (db: SupabaseClient, table: string, column: string, value: string) => {
  const { data, error } = await db.from(table).select(column).eq(column, value);
  if (error) throw error;
  return (data?.length ?? 0) > 0;
};
const postBy = (user: string, title = 'A post') =>
  arrange('posts', { user_id: user, title, content: 'Text' });

describe('blocks hide people from each other, both ways', () => {
  let x: Fresh;
  let y: Fresh;
  let z: Fresh;
  let yPost: string;
  let xPost: string;
  let yComment: string;
  beforeAll(async () => {
    [x, y, z] = await Promise.all([freshUser('Xena'), freshUser('Yorick'), freshUser('Zora')]);
    [yPost, xPost] = await Promise.all([postBy(y.id), postBy(x.id)]);
    yComment = await arrange('comments', { post_id: xPost, user_id: y.id, content: 'From Y' });
    await arrange('likes', { post_id: xPost, user_id: y.id });
  });

  it('before a block each sees the other (positive control)', async () => {
    expect(await sees(x.db, 'posts', 'id', yPost)).toBe(true);
    expect(await sees(x.db, 'comments', 'id', yComment)).toBe(true);
    expect(await sees(x.db, 'profiles', 'user_id', y.id)).toBe(true);
  });

  it('after X blocks Y, neither sees the other’s posts, comments, likes or profile; others still do', async () => {
    const { error } = await x.db.from('blocks').insert({ blocker_id: x.id, blocked_id: y.id });
    expect(error).toBeNull();
    expect(await sees(x.db, 'posts', 'id', yPost)).toBe(false);
    expect(await sees(x.db, 'comments', 'id', yComment)).toBe(false);
    expect(await sees(x.db, 'likes', 'user_id', y.id)).toBe(false);
    expect(await sees(x.db, 'profiles', 'user_id', y.id)).toBe(false);
    // Mutual: the blocked one does not see the blocker either (and never learns why).
    expect(await sees(y.db, 'posts', 'id', xPost)).toBe(false);
    expect(await sees(y.db, 'profiles', 'user_id', x.id)).toBe(false);
    expect(await sees(z.db, 'posts', 'id', yPost)).toBe(true);
    expect(await sees(z.db, 'posts', 'id', xPost)).toBe(true);
    expect(await sees((await actor('admin')).db, 'posts', 'id', yPost)).toBe(true);
  });

  it('stops friend requests in both directions, answered as "not found"', async () => {
    const a = await y.db.rpc('send_friend_request', { target_id: x.id });
    expect(a.error?.code).toBe('PT404');
    const b = await x.db.rpc('send_friend_request', { target_id: y.id });
    expect(b.error?.code).toBe('PT404');
    expect(await rowOfPair(x.id, y.id)).toBeNull();
  });

  it('lists the blocked member with a name for the blocker only, and unblocking restores everything', async () => {
    const mine = await x.db.rpc('blocked_members');
    expect(mine.data?.map((m: { user_id: string }) => m.user_id)).toEqual([y.id]);
    const theirs = await y.db.rpc('blocked_members');
    expect(theirs.data).toEqual([]);
    const anon = await (await actor('anon')).db.rpc('blocked_members');
    expect(anon.error).not.toBeNull();
    // Y cannot lift X's block.
    await y.db.from('blocks').delete().eq('blocker_id', x.id).eq('blocked_id', y.id);
    expect(await sees(x.db, 'posts', 'id', yPost)).toBe(false);
    await x.db.from('blocks').delete().eq('blocker_id', x.id).eq('blocked_id', y.id);
    expect(await sees(x.db, 'posts', 'id', yPost)).toBe(true);
    const again = await y.db.rpc('send_friend_request', { target_id: x.id });
    expect(again.error).toBeNull();
  });
});

async function rowOfPair(a: string, b: string) {
  const { data } = await serviceClient()
    .from('friendships')
    .select('id')
    .or(`and(requester_id.eq.${a},addressee_id.eq.${b}),and(requester_id.eq.${b},addressee_id.eq.${a})`);
  return data?.[0] ?? null;
}

describe('reports: who may file and read them', () => {
  let author: Fresh;
  let post: string;
  beforeAll(async () => {
    author = await freshUser('Reported Author');
    post = await postBy(author.id);
  });

  const fileAs = async (name: ActorName, row: Record<string, unknown>) => {
    const a = await actor(name);
    return a.db.from('reports').insert({ reporter_id: a.id ?? USERS.memberA.id, reason: 'Spam', ...row });
  };

  it('anon may not report', async () => {
    const { error } = await fileAs('anon', { post_id: post });
    expect(error).not.toBeNull();
  });

  it('a member reports a post once; a second report by the same member is refused', async () => {
    expect((await fileAs('clientB', { post_id: post })).error).toBeNull();
    expect((await fileAs('clientB', { post_id: post })).error?.code).toBe('23505');
  });

  it('nobody reports in someone else’s name, their own post, or themselves', async () => {
    const memberA = await actor('memberA');
    const forged = await memberA.db
      .from('reports')
      .insert({ reporter_id: USERS.memberB.id, post_id: post, reason: 'Forged' });
    expect(forged.error).not.toBeNull();
    const own = await author.db
      .from('reports')
      .insert({ reporter_id: author.id, post_id: post, reason: 'Me' });
    expect(own.error).not.toBeNull();
    const self = await author.db
      .from('reports')
      .insert({ reporter_id: author.id, member_id: author.id, reason: 'Me' });
    expect(self.error).not.toBeNull();
    const decided = await memberA.db
      .from('reports')
      .insert({ reporter_id: USERS.memberA.id, member_id: author.id, reason: 'x', status: 'removed' });
    expect(decided.error).not.toBeNull();
  });

  it('a reporter reads their own reports, admins all, the author and others none', async () => {
    const count = async (name: ActorName | Fresh) => {
      const db = typeof name === 'string' ? (await actor(name)).db : name.db;
      const { data } = await db.from('reports').select('id').eq('post_id', post);
      return data?.length ?? 0;
    };
    expect(await count('clientB')).toBe(1);
    expect(await count('admin')).toBe(1);
    expect(await count('memberB')).toBe(0);
    expect(await count('anon')).toBe(0);
    expect(await count(author)).toBe(0);
  });

  it('members cannot change or withdraw a report (decisions are the admin function’s)', async () => {
    const clientB = await actor('clientB');
    const { data } = await clientB.db.from('reports').select('id').eq('post_id', post);
    const id = String(data?.[0]?.id);
    await clientB.db.from('reports').update({ status: 'kept' }).eq('id', id);
    await clientB.db.from('reports').delete().eq('id', id);
    expect((await rowOf('reports', id))?.['status']).toBe('open');
  });
});

describe('two reports hide a post or comment until an admin decides', () => {
  let author: Fresh;
  let post: string;
  let comment: string;
  beforeAll(async () => {
    author = await freshUser('Flagged Author');
    post = await postBy(author.id, 'Flagged');
    comment = await arrange('comments', { post_id: post, user_id: author.id, content: 'Flagged comment' });
  });

  it('one report hides nothing; the second by another member hides it from everyone but author and admins', async () => {
    const [a, b, c, anon, admin] = await Promise.all([
      actor('memberA'),
      actor('memberB'),
      actor('clientA'),
      actor('anon'),
      actor('admin'),
    ]);
    await a.db.from('reports').insert({ reporter_id: a.id, post_id: post, reason: 'Rude' });
    await a.db.from('reports').insert({ reporter_id: a.id, comment_id: comment, reason: 'Rude' });
    expect(await sees(c.db, 'posts', 'id', post)).toBe(true);
    expect(await sees(c.db, 'comments', 'id', comment)).toBe(true);
    await b.db.from('reports').insert({ reporter_id: b.id, post_id: post, reason: 'Rude too' });
    await b.db.from('reports').insert({ reporter_id: b.id, comment_id: comment, reason: 'Rude too' });
    expect(await sees(c.db, 'posts', 'id', post)).toBe(false);
    expect(await sees(anon.db, 'posts', 'id', post)).toBe(false);
    expect(await sees(c.db, 'comments', 'id', comment)).toBe(false);
    expect(await sees(author.db, 'posts', 'id', post)).toBe(true);
    expect(await sees(author.db, 'comments', 'id', comment)).toBe(true);
    expect(await sees(admin.db, 'posts', 'id', post)).toBe(true);
  });

  it('only an admin moderates; keep shows the post again, remove deletes the comment', async () => {
    const admin = await actor('admin');
    const { data } = await admin.db
      .from('reports')
      .select('id, post_id, comment_id')
      .or(`post_id.eq.${post},comment_id.eq.${comment}`);
    const postReport = data?.find((r) => r.post_id === post)?.id as string;
    const commentReport = data?.find((r) => r.comment_id === comment)?.id as string;
    for (const name of ['anon', 'memberA', 'clientA'] as const) {
      const r = await (await actor(name)).db.rpc('moderate_report', {
        report_id: postReport,
        decision: 'keep',
      });
      expect(r.error, name).not.toBeNull();
    }
    expect(await sees((await actor('clientA')).db, 'posts', 'id', post)).toBe(false);
    const kept = await admin.db.rpc('moderate_report', { report_id: postReport, decision: 'keep' });
    expect(kept.error).toBeNull();
    expect(kept.data).toBe(2);
    expect(await sees((await actor('clientA')).db, 'posts', 'id', post)).toBe(true);
    const removed = await admin.db.rpc('moderate_report', { report_id: commentReport, decision: 'remove' });
    expect(removed.error).toBeNull();
    expect(await rowOf('comments', comment)).toBeNull();
  });
});

describe('deleting comments', () => {
  it('the post’s author may delete a comment on it; another member may not', async () => {
    const [author, commenter, stranger] = await Promise.all([
      freshUser('Host'),
      freshUser('Guest'),
      freshUser('Stranger'),
    ]);
    const post = await postBy(author.id);
    const comment = await arrange('comments', { post_id: post, user_id: commenter.id, content: 'Hi' });
    await stranger.db.from('comments').delete().eq('id', comment);
    expect(await rowOf('comments', comment)).not.toBeNull();
    await author.db.from('comments').delete().eq('id', comment);
    expect(await rowOf('comments', comment)).toBeNull();
  });
});

describe('rate limits per member per hour', () => {
  it('refuses the 21st post within an hour with PT429 and keeps the first 20', async () => {
    const m = await freshUser('Fast Poster');
    for (let i = 0; i < 20; i++) {
      const { error } = await m.db.from('posts').insert({ user_id: m.id, title: `P${i}`, content: 'x' });
      expect(error).toBeNull();
    }
    const { error } = await m.db.from('posts').insert({ user_id: m.id, title: 'P21', content: 'x' });
    expect(error?.code).toBe('PT429');
    const { count } = await serviceClient()
      .from('posts')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', m.id);
    expect(count).toBe(20);
  });

  it('refuses the 61st comment within an hour', async () => {
    const m = await freshUser('Fast Commenter');
    const post = await postBy(m.id);
    const rows = Array.from({ length: 60 }, (_, i) => ({ post_id: post, user_id: m.id, content: `C${i}` }));
    for (const row of rows) expect((await m.db.from('comments').insert(row)).error).toBeNull();
    const { error } = await m.db
      .from('comments')
      .insert({ post_id: post, user_id: m.id, content: 'one more' });
    expect(error?.code).toBe('PT429');
  });

  it('counts friend requests even when withdrawn, so asking again and again is refused', async () => {
    const [m, target] = await Promise.all([freshUser('Eager Friend'), freshUser('Target')]);
    for (let i = 0; i < 20; i++) {
      expect((await m.db.rpc('send_friend_request', { target_id: target.id })).error).toBeNull();
      expect((await m.db.rpc('remove_friend', { other_id: target.id })).error).toBeNull();
    }
    const { error } = await m.db.rpc('send_friend_request', { target_id: target.id });
    expect(error?.code).toBe('PT429');
  });
});
