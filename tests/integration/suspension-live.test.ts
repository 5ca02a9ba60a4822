import { describe, expect, it } from 'vitest';
import { actor, arrange, freshUser } from './helpers.ts';
import { subscribe } from './realtime-kit.ts';

// Issue 21, point 5: a suspension hides the member's content from others, and open feeds must
// hear it. public.suspension_events is that signal: written only by the database when an admin
// suspends someone, heard by members through postgres_changes, naming nobody; the feed then reads
// what it shows again through RLS (src/features/community/feed-changes.ts).

describe('suspension events: heard live, naming nobody', () => {
  it('a suspension reaches a watching member, whose next read no longer returns the content', async () => {
    const author = await freshUser('Soon Suspended');
    const post = await arrange('posts', { user_id: author.id, title: 'Still here?', content: 'Text' });
    const [watcher, admin] = await Promise.all([actor('memberB'), actor('admin')]);
    expect((await watcher.db.from('posts').select('id').eq('id', post)).data).toEqual([{ id: post }]);

    const heard: Array<Record<string, unknown>> = [];
    const channel = watcher.db
      .channel(`suspensions-${crypto.randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'suspension_events' }, (p) =>
        heard.push(p.new),
      );
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    try {
      const { error } = await admin.db.rpc('suspend_member', {
        target: author.id,
        hours: 1,
        reason: 'live test',
      });
      expect(error).toBeNull();
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBeGreaterThan(0);
      // Nothing in it says who.
      expect(Object.keys(heard[0] ?? {}).sort()).toEqual(['created_at', 'id']);
      expect(JSON.stringify(heard)).not.toContain(author.id);
      expect((await watcher.db.from('posts').select('id').eq('id', post)).data).toEqual([]);
    } finally {
      await watcher.db.removeChannel(channel);
      await admin.db.rpc('lift_suspension', { target: author.id });
    }
  }, 60_000);

  it('lifting it reaches a watching member too, whose next read returns the content again', async () => {
    const author = await freshUser('Soon Back');
    const post = await arrange('posts', { user_id: author.id, title: 'Back again?', content: 'Text' });
    const [watcher, admin] = await Promise.all([actor('memberB'), actor('admin')]);
    const suspended = await admin.db.rpc('suspend_member', {
      target: author.id,
      hours: 1,
      reason: 'lift test',
    });
    expect(suspended.error).toBeNull();
    expect((await watcher.db.from('posts').select('id').eq('id', post)).data).toEqual([]);

    const heard: Array<Record<string, unknown>> = [];
    const channel = watcher.db
      .channel(`lifts-${crypto.randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'suspension_events' }, (p) =>
        heard.push(p.new),
      );
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    try {
      const { error } = await admin.db.rpc('lift_suspension', { target: author.id });
      expect(error).toBeNull();
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(JSON.stringify(heard)).not.toContain(author.id);
      expect((await watcher.db.from('posts').select('id').eq('id', post)).data).toEqual([{ id: post }]);
    } finally {
      await watcher.db.removeChannel(channel);
      await admin.db.rpc('lift_suspension', { target: author.id });
    }
  }, 60_000);

  it('only the database writes events; visitors do not read them', async () => {
    const [member, admin, anon] = await Promise.all([actor('memberA'), actor('admin'), actor('anon')]);
    for (const who of [member, admin]) {
      expect((await who.db.from('suspension_events').insert({})).error).not.toBeNull();
      expect((await who.db.from('suspension_events').delete().gt('id', 0).select('id')).data ?? []).toEqual(
        [],
      );
    }
    const seen = await anon.db.from('suspension_events').select('id').limit(1);
    expect(seen.data ?? []).toEqual([]);
  });
});
