import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { actor, arrange, freshUser, rowOf, serviceClient } from './helpers.ts';

// Issue 8: a post hidden by its second report must vanish live from other members' feeds. The
// hiding writes a mark (public.hidden_content) that members hear through postgres_changes; only
// the database writes marks, and the mark never makes hidden content readable.

type Mark = { post_id: string | null; comment_id: string | null };

async function listenMarks(db: SupabaseClient) {
  const marks: Array<{ type: string; row: Mark }> = [];
  const channel = db
    .channel(`marks-${crypto.randomUUID()}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'hidden_content' }, (p) =>
      marks.push({ type: p.eventType, row: (p.eventType === 'DELETE' ? p.old : p.new) as Mark }),
    );
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    }),
  );
  return { marks, close: () => db.removeChannel(channel) };
}

const until = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('hidden-content marks: written by the second report, heard live by members', () => {
  let author: Awaited<ReturnType<typeof freshUser>>;
  let post: string;
  let comment: string;
  beforeAll(async () => {
    author = await freshUser('Live Hidden Author');
    post = await arrange('posts', { user_id: author.id, title: 'Soon hidden', content: 'Text' });
    comment = await arrange('comments', { post_id: post, user_id: author.id, content: 'Soon hidden too' });
  });

  it('the second report of a post sends its mark to a watching member; the first does not', async () => {
    const [a, b, c] = await Promise.all([actor('memberA'), actor('memberB'), actor('clientA')]);
    const watcher = await listenMarks(c.db);
    try {
      await a.db.from('reports').insert({ reporter_id: a.id, post_id: post, reason: 'Rude' });
      await a.db.from('reports').insert({ reporter_id: a.id, comment_id: comment, reason: 'Rude' });
      const { data: none } = await c.db.from('hidden_content').select('id').eq('post_id', post);
      expect(none).toEqual([]);
      await b.db.from('reports').insert({ reporter_id: b.id, post_id: post, reason: 'Rude too' });
      expect(
        await until(() => watcher.marks.some((m) => m.type === 'INSERT' && m.row.post_id === post)),
      ).toBe(true);
      // The first report alone sent nothing for the comment; its second report does.
      expect(watcher.marks.some((m) => m.row.comment_id === comment)).toBe(false);
      await b.db.from('reports').insert({ reporter_id: b.id, comment_id: comment, reason: 'Rude too' });
      expect(
        await until(() => watcher.marks.some((m) => m.type === 'INSERT' && m.row.comment_id === comment)),
      ).toBe(true);
      // The mark says "hidden"; the post itself stays unreadable for the watcher.
      const { data: seen } = await c.db.from('posts').select('id').eq('id', post);
      expect(seen).toEqual([]);
    } finally {
      await watcher.close();
    }
  });

  it('members and anon cannot write or remove marks; anon cannot read them', async () => {
    const [anon, member, admin] = await Promise.all([actor('anon'), actor('memberA'), actor('admin')]);
    const other = await arrange('posts', { user_id: author.id, title: 'Not reported', content: 'x' });
    for (const who of [anon, member, admin]) {
      await who.db.from('hidden_content').insert({ post_id: other });
      await who.db.from('hidden_content').delete().eq('post_id', post);
    }
    const { data: marks } = await serviceClient()
      .from('hidden_content')
      .select('post_id')
      .in('post_id', [post, other]);
    expect(marks).toEqual([{ post_id: post }]);
    const { data: anonRows } = await anon.db.from('hidden_content').select('id').eq('post_id', post);
    expect(anonRows ?? []).toEqual([]);
    const { data: memberRows } = await member.db.from('hidden_content').select('id').eq('post_id', post);
    expect(memberRows).toHaveLength(1);
  });

  it('an admin keeping the post takes the mark away (heard live); removing deletes both', async () => {
    const [admin, c] = await Promise.all([actor('admin'), actor('clientA')]);
    const watcher = await listenMarks(c.db);
    try {
      const { data } = await admin.db
        .from('reports')
        .select('id, post_id, comment_id')
        .or(`post_id.eq.${post},comment_id.eq.${comment}`);
      const postReport = data?.find((r) => r.post_id === post)?.id as string;
      const commentReport = data?.find((r) => r.comment_id === comment)?.id as string;
      expect(
        (await admin.db.rpc('moderate_report', { report_id: postReport, decision: 'keep' })).error,
      ).toBeNull();
      expect(await until(() => watcher.marks.some((m) => m.type === 'DELETE'))).toBe(true);
      const { data: left } = await serviceClient().from('hidden_content').select('id').eq('post_id', post);
      expect(left).toEqual([]);
      expect(
        (await admin.db.rpc('moderate_report', { report_id: commentReport, decision: 'remove' })).error,
      ).toBeNull();
      expect(await rowOf('comments', comment)).toBeNull();
      const { data: gone } = await serviceClient()
        .from('hidden_content')
        .select('id')
        .eq('comment_id', comment);
      expect(gone).toEqual([]);
    } finally {
      await watcher.close();
    }
  });
});
