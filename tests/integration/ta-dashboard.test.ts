import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { actor, freshUser, newClient, serviceClient, signedIn } from './helpers.ts';

/**
 * preview_dashboard(): the dashboard's page and counts in one call, under the caller's RLS; and
 * preview_counts() from the kept per-status counts, which must match the rows exactly.
 */

type Counts = Record<'total' | 'pending' | 'approved' | 'rejected' | 'published' | 'overdue', number>;
type Dashboard = {
  items: Array<{ id: string; client_id: string; status: string; ideas: { title: string } | null }>;
  counts: Counts | null;
};

let client: { id: string; db: SupabaseClient };

beforeAll(async () => {
  const user = await freshUser('Counting Client');
  const svc = serviceClient();
  expect((await svc.from('profiles').update({ role: 'client' }).eq('id', user.id)).error).toBeNull();
  expect(
    (await svc.from('clients').insert({ name: 'Counting Client', profile_id: user.id })).error,
  ).toBeNull();
  client = { id: user.id, db: await signedIn(user.email) };
});

async function add(status: string, extra: Record<string, unknown> = {}, n = 1): Promise<string[]> {
  const rows = Array.from({ length: n }, () => ({
    client_id: client.id,
    channel: 'LinkedIn',
    template: 'LinkedIn',
    draft_content: { content: 'Counted 50% off_sale', platforms: { LinkedIn: 'Counted' }, selectedPosts: [] },
    scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
    status,
    ...extra,
  }));
  const { data, error } = await serviceClient().from('previews').insert(rows).select('id');
  if (error) throw error;
  return (data as Array<{ id: string }>).map((r) => r.id);
}

async function truth(): Promise<Counts> {
  const { data } = await serviceClient()
    .from('previews')
    .select('status, scheduled_at')
    .eq('client_id', client.id);
  const rows = (data ?? []) as Array<{ status: string; scheduled_at: string | null }>;
  const by = (s: string) => rows.filter((r) => r.status === s).length;
  return {
    total: rows.length,
    pending: by('pending'),
    approved: by('approved'),
    rejected: by('rejected'),
    published: by('published'),
    overdue: rows.filter(
      (r) => r.status === 'pending' && r.scheduled_at && Date.parse(r.scheduled_at) < Date.now(),
    ).length,
  };
}

const countsOf = async (db: SupabaseClient) => {
  const { data, error } = await db.rpc('preview_counts').single();
  if (error) throw error;
  return Object.fromEntries(Object.entries(data as Counts).map(([k, v]) => [k, Number(v)])) as Counts;
};

describe('kept preview counts', () => {
  it('match the rows through bulk insert, decisions, edits, moves and deletes', async () => {
    const [first, second] = await add('pending', {}, 5);
    const [approved] = await add('approved', { approved_revision: 1, reviewed_revision: 1 });
    await add('pending', { scheduled_at: new Date(Date.now() - 3_600_000).toISOString() }, 2);
    const [gone] = await add('rejected');
    expect(await countsOf(client.db)).toEqual(await truth());
    expect((await countsOf(client.db)).total).toBe(9);

    // A client's decision, an admin's edit (back to pending), a delete.
    expect((await client.db.rpc('approve_preview', { preview_id: first })).error).toBeNull();
    const { db: admin } = await actor('admin');
    expect(
      (
        await admin.rpc('edit_preview', {
          preview_id: approved,
          channel: 'X (Twitter)',
          draft_content: { content: 'Edited' },
        })
      ).error,
    ).toBeNull();
    await serviceClient().from('previews').delete().eq('id', gone);
    const after = await countsOf(client.db);
    expect(after).toEqual(await truth());
    expect(after).toMatchObject({ total: 8, approved: 1, rejected: 0, overdue: 2 });
    // A change request moves one from pending to rejected.
    expect(
      (await client.db.rpc('request_preview_changes', { preview_id: second, feedback: 'Shorter, please' }))
        .error,
    ).toBeNull();
    expect(await countsOf(client.db)).toEqual(await truth());
    expect(await countsOf(client.db)).toMatchObject({ pending: 6, rejected: 1 });
  });

  it('counts only what the caller may see', async () => {
    const { db: member } = await actor('memberA');
    expect(await countsOf(member)).toEqual({
      total: 0,
      pending: 0,
      approved: 0,
      rejected: 0,
      published: 0,
      overdue: 0,
    });
    const other = await countsOf((await actor('clientB')).db);
    const { count } = await serviceClient()
      .from('previews')
      .select('id', { count: 'exact', head: true })
      .eq('client_id', '33333333-3333-4333-8333-333333333333');
    expect(other.total).toBe(count);
    // Nobody reads or writes the counts table except through its policy.
    const { data } = await (await actor('clientB')).db.from('preview_status_counts').select('client_id');
    expect(new Set((data ?? []).map((r) => r.client_id))).toEqual(
      new Set(['33333333-3333-4333-8333-333333333333']),
    );
    await (await actor('admin')).db.from('preview_status_counts').update({ n: 0 }).eq('client_id', client.id);
    expect(await countsOf(client.db)).toEqual(await truth());
    expect((await newClient().rpc('preview_counts')).error).not.toBeNull();
  });
});

describe('preview_dashboard()', () => {
  it('gives a page and the counts in one call; a client sees only their own, a member nothing', async () => {
    const own = (await client.db.rpc('preview_dashboard', {})).data as Dashboard;
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((p) => p.client_id === client.id)).toBe(true);
    expect(own.counts).toEqual(await truth());
    const member = (await (await actor('memberA')).db.rpc('preview_dashboard', {})).data as Dashboard;
    expect(member.items).toEqual([]);
    const anon = await newClient().rpc('preview_dashboard', {});
    expect(anon.error).not.toBeNull();
  });

  it('filters, searches literally and pages by cursor like the PostgREST query it replaced', async () => {
    const { db: admin } = await actor('admin');
    const page = async (args: Record<string, unknown>) => {
      const { data, error } = await admin.rpc('preview_dashboard', { with_counts: false, ...args });
      if (error) throw error;
      return data as Dashboard;
    };
    // '%' and '_' are literal: '50% off_sale' matches this client's rows, '5__' matches nothing.
    const found = await page({ search: '50% off_sale', page_size: 100 });
    expect(found.counts).toBeNull();
    // Every row of this client but the one edited to 'Edited'.
    expect(found.items.length).toBe((await truth()).total - 1);
    expect((await page({ search: 'Counted 5__ off' })).items).toEqual([]);
    const overdue = await page({ status: 'overdue', search: '50% off_sale' });
    expect(overdue.items).toHaveLength(2);
    // Paging in threes walks every row once, newest first.
    const seen: string[] = [];
    let cursor: { after_created_at: string; after_id: string } | Record<string, never> = {};
    for (;;) {
      const { items } = await page({ search: 'off_sale', page_size: 3, ...cursor });
      if (!items.length) break;
      seen.push(...items.map((i) => i.id));
      const last = items.at(-1) as unknown as { id: string; created_at: string };
      cursor = { after_created_at: last.created_at, after_id: last.id };
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(found.items.length);
  });

  it('refuses a bad filter, page size or half a cursor with 22023', async () => {
    const { db: admin } = await actor('admin');
    for (const args of [
      { status: 'deleted' },
      { page_size: 0 },
      { page_size: 500 },
      { after_id: client.id },
    ]) {
      expect((await admin.rpc('preview_dashboard', args)).error?.code).toBe('22023');
    }
  });
});

describe('my_previews_feed()', () => {
  type Row = {
    id: string;
    client_id: string;
    revision: number;
    reviewed_revision: number | null;
    reviewed_content: { content: string } | null;
    history: Array<{ event: string; revision: number }>;
  };
  it('gives the client their own previews with history and the text they last reviewed', async () => {
    const [id] = await add('pending');
    expect((await client.db.rpc('approve_preview', { preview_id: id })).error).toBeNull();
    const { db: admin } = await actor('admin');
    const edit = await admin.rpc('edit_preview', {
      preview_id: id,
      channel: 'LinkedIn',
      draft_content: { content: 'Rewritten after approval' },
    });
    expect(edit.error).toBeNull();
    const { data, error } = await client.db.rpc('my_previews_feed', {});
    expect(error).toBeNull();
    const rows = data as Row[];
    expect(rows.length).toBe((await truth()).total);
    expect(rows.every((r) => r.client_id === client.id)).toBe(true);
    const row = rows.find((r) => r.id === id);
    expect(row?.revision).toBe(2);
    expect(row?.reviewed_content?.content).toBe('Counted 50% off_sale');
    expect(row?.history.map((h) => `${h.event}@${h.revision}`)).toEqual([
      'created@1',
      'approved@1',
      'edited@2',
    ]);
    // Not changed since review (or never reviewed): no old text to diff against.
    const same = rows.filter((r) => r.reviewed_revision === null || r.reviewed_revision === r.revision);
    expect(same.length).toBeGreaterThan(0);
    expect(same.every((r) => r.reviewed_content === null)).toBe(true);
  });

  it('is only ever the caller’s own: a member, the admin and another client get none of these', async () => {
    for (const name of ['memberA', 'admin', 'clientB'] as const) {
      const { data } = await (await actor(name)).db.rpc('my_previews_feed', {});
      expect((data as Row[]).some((r) => r.client_id === client.id)).toBe(false);
    }
    expect((await newClient().rpc('my_previews_feed', {})).error).not.toBeNull();
    expect((await client.db.rpc('my_previews_feed', { page_size: 0 })).error?.code).toBe('22023');
  });
});
