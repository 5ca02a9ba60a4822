import { describe, expect, it } from 'vitest';
import type { TypedSupabaseClient } from '../../src/lib/supabase/client.ts';
import { type FetchKind, type RowChange, startLive } from '../../src/lib/supabase/live.ts';
import { arrange, freshUser, serviceClient } from './helpers.ts';

// The one live helper (src/lib/supabase/live.ts) against the real thing: unmodified supabase-js,
// the local stack's Realtime (Phoenix channels, postgres_changes under RLS) and PostgREST. Its unit
// tests drive a fake channel; this proves the fake's shape (statuses, payloads) is the real one.

const until = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('startLive with supabase-js and the local Realtime', () => {
  it('reads, then joins and catches up on a post written during the first read, applies later ones at once; nothing after stop', async () => {
    const author = await freshUser('Live Helper Author');
    const member = await freshUser('Live Helper Reader');
    const first = await arrange('posts', { user_id: author.id, title: 'Before', content: 'x' });
    const log: string[] = [];
    const ids = new Set<string>();
    let during: string | undefined;
    const handle = startLive(member.db as unknown as TypedSupabaseClient, {
      // Unfiltered, as the feed listens: Realtime cannot match a filter against a delete's key.
      tables: [{ table: 'posts' }],
      fetch: async (kind: FetchKind) => {
        log.push(`fetch:${kind}`);
        const { data } = await member.db.from('posts').select('id').eq('user_id', author.id).order('id');
        // A post written after the first read's snapshot, before the channel joins: the catch-up
        // on the join must bring it.
        if (kind === 'initial') {
          during = await arrange('posts', { user_id: author.id, title: 'During', content: 'x' });
          await new Promise((r) => setTimeout(r, 1000));
        }
        return (data ?? []).map((r) => r.id as string);
      },
      onData: (ids, kind) => log.push(`data:${kind}:${ids.join(',')}`),
      onChange: (c: RowChange) => {
        // Other tests write posts too: only this author's (a delete carries only the id).
        const id = String(c.record['id'] ?? c.old['id']);
        if (c.record['user_id'] === author.id || ids.has(id)) log.push(`change:${c.type}:${id}`);
      },
      onState: (s) => log.push(`state:${s}`),
    });
    try {
      expect(await until(() => log.some((l) => l.startsWith('data:catch-up')))).toBe(true);
      expect(log.slice(0, 5)).toEqual([
        'fetch:initial',
        `data:initial:${first}`,
        'state:live',
        'fetch:catch-up',
        `data:catch-up:${[first, during].sort().join(',')}`,
      ]);
      const later = await arrange('posts', { user_id: author.id, title: 'Later', content: 'x' });
      ids.add(later);
      expect(await until(() => log.includes(`change:INSERT:${later}`))).toBe(true);
      await serviceClient().from('posts').delete().eq('id', later);
      expect(await until(() => log.includes(`change:DELETE:${later}`))).toBe(true);
    } finally {
      handle.stop();
    }
    const seen = log.length;
    await arrange('posts', { user_id: author.id, title: 'After stop', content: 'x' });
    await new Promise((r) => setTimeout(r, 1000));
    expect(log.length).toBe(seen);
  });
});
