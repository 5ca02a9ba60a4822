import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { actor, arrange, newClient, rowOf, serviceClient, USERS } from './helpers.ts';
import { ADMIN, NOBODY, runMatrix, type Scenario } from './rls-kit.ts';

/** Timeline Alchemy: revisions, history, publishing and review links, tried by every actor. */

const content = (text: string) => ({ content: text, platforms: { LinkedIn: text }, selectedPosts: [] });
const future = () => new Date(Date.now() + 86_400_000).toISOString();

async function previewOf(client: string, status = 'pending', extra: Record<string, unknown> = {}) {
  return arrange('previews', {
    client_id: client,
    channel: 'LinkedIn',
    template: 'LinkedIn',
    draft_content: content('Fixture text'),
    scheduled_at: future(),
    status,
    ...(status === 'approved' ? { approved_revision: 1, reviewed_revision: 1 } : {}),
    ...extra,
  });
}

async function historyOf(id: string) {
  const { data, error } = await serviceClient()
    .from('preview_history')
    .select('event, revision, actor_id, via_link, feedback')
    .eq('preview_id', id)
    .order('id');
  if (error) throw error;
  return data;
}

const selects = async (db: SupabaseClient, table: string, column: string, id: string) => {
  const { data } = await db.from(table).select('preview_id').eq(column, id);
  return (data?.length ?? 0) > 0;
};

const scenarios: Scenario[] = [
  {
    table: 'preview_revisions',
    op: "read client A's revisions",
    allowed: ['admin', 'clientA'],
    run: async (a) => selects(a.db, 'preview_revisions', 'preview_id', await previewOf(USERS.clientA.id)),
  },
  {
    table: 'preview_history',
    op: "read client A's history",
    allowed: ['admin', 'clientA'],
    run: async (a) => selects(a.db, 'preview_history', 'preview_id', await previewOf(USERS.clientA.id)),
  },
  {
    table: 'preview_history',
    op: "read client B's history",
    allowed: ['admin', 'clientB'],
    run: async (a) => selects(a.db, 'preview_history', 'preview_id', await previewOf(USERS.clientB.id)),
  },
  {
    table: 'preview_history',
    op: 'forge an approval entry',
    allowed: NOBODY,
    run: async (a) => {
      const id = await previewOf(USERS.clientA.id);
      await a.db
        .from('preview_history')
        .insert({ preview_id: id, client_id: USERS.clientA.id, event: 'approved' });
      return (await historyOf(id)).some((h) => h.event === 'approved');
    },
  },
  {
    table: 'preview_revisions',
    op: 'insert a revision',
    allowed: NOBODY,
    run: async (a) => {
      const id = await previewOf(USERS.clientA.id);
      await a.db.from('preview_revisions').insert({
        preview_id: id,
        client_id: USERS.clientA.id,
        revision: 7,
        channel: 'X',
        template: 'X',
        draft_content: {},
        scheduled_zone: 'UTC',
      });
      const { data } = await serviceClient().from('preview_revisions').select('id').eq('preview_id', id);
      return (data?.length ?? 0) > 1;
    },
  },
  {
    table: 'previews',
    op: 'publish by direct update',
    allowed: NOBODY,
    run: async (a) => {
      const id = await previewOf(USERS.clientA.id, 'approved');
      await a.db.from('previews').update({ status: 'published' }).eq('id', id);
      return (await rowOf('previews', id))?.['status'] === 'published';
    },
  },
  {
    table: 'previews',
    op: 'publish_due_previews()',
    allowed: NOBODY,
    run: async (a) => {
      const id = await previewOf(USERS.clientA.id, 'approved');
      await serviceClient()
        .from('previews')
        .update({ scheduled_at: new Date(Date.now() - 60_000).toISOString() })
        .eq('id', id);
      // The service role's edit made it pending again; re-approve it as the fixture owner.
      await serviceClient()
        .from('previews')
        .update({ status: 'approved', approved_revision: 2 })
        .eq('id', id);
      // The local stack's timer may publish the fixture too, so the call itself is the evidence.
      const { error } = await a.db.rpc('publish_due_previews');
      return error === null && (await rowOf('previews', id))?.['status'] === 'published';
    },
  },
  {
    table: 'previews',
    op: 'create_preview_with_idea()',
    allowed: ADMIN,
    run: async (a) => {
      const { data } = await a.db.rpc('create_preview_with_idea', {
        client_id: USERS.clientA.id,
        title: 'Matrix idea',
        channel: 'LinkedIn',
        draft_content: content('Matrix text'),
        scheduled_at: future(),
        scheduled_zone: 'Europe/Amsterdam',
      });
      return !!data && (await rowOf('previews', (data as { id: string }).id)) !== null;
    },
  },
  {
    table: 'previews',
    op: "edit_preview() on client A's preview",
    allowed: ADMIN,
    run: async (a) => {
      const id = await previewOf(USERS.clientA.id);
      await a.db.rpc('edit_preview', {
        preview_id: id,
        channel: 'LinkedIn',
        draft_content: content('Edited'),
        scheduled_at: future(),
      });
      return (await rowOf('previews', id))?.['revision'] === 2;
    },
  },
  {
    table: 'preview_review_links',
    op: 'create_review_link()',
    allowed: ADMIN,
    run: async (a) => {
      const { data } = await a.db.rpc('create_review_link', { client_id: USERS.clientA.id, valid_hours: 1 });
      const link = (data as { link_id: string }[] | null)?.[0];
      return !!link && (await rowOf('preview_review_links', link.link_id)) !== null;
    },
  },
  {
    table: 'preview_review_links',
    op: 'read links',
    allowed: ADMIN,
    run: async (a) => {
      const { data: made } = await (await actor('admin')).db.rpc('create_review_link', {
        client_id: USERS.clientB.id,
      });
      const id = (made as { link_id: string }[])[0]?.link_id ?? '';
      const { data } = await a.db
        .from('preview_review_links')
        .select('id, client_id, expires_at')
        .eq('id', id);
      return (data?.length ?? 0) === 1;
    },
  },
];

runMatrix('Timeline Alchemy RLS matrix', scenarios);

describe('Timeline Alchemy revisions and approval', () => {
  it('an edit after approval is a new revision, pending again, and the history says so', async () => {
    const admin = (await actor('admin')).db;
    const client = (await actor('clientA')).db;
    const { data: created, error } = await admin.rpc('create_preview_with_idea', {
      client_id: USERS.clientA.id,
      title: 'Spring retreat',
      channel: 'LinkedIn, X (Twitter)',
      draft_content: content('Join our spring retreat'),
      scheduled_at: future(),
      scheduled_zone: 'Europe/Berlin',
      admin_notes: 'Please check the date',
    });
    expect(error).toBeNull();
    const id = (created as { id: string; idea_id: string }).id;
    expect(await rowOf('ideas', (created as { idea_id: string }).idea_id)).toMatchObject({
      title: 'Spring retreat',
    });

    expect((await client.rpc('approve_preview_revision', { preview_id: id, revision: 1 })).error).toBeNull();
    expect(await rowOf('previews', id)).toMatchObject({ status: 'approved', approved_revision: 1 });

    await admin.rpc('edit_preview', {
      preview_id: id,
      channel: 'LinkedIn, X (Twitter)',
      draft_content: content('Join our spring retreat in April'),
      scheduled_at: future(),
      scheduled_zone: 'Europe/Berlin',
      title: 'Spring retreat in April',
    });
    // The title the wizard lets the admin change is saved with the edit (issue 24, point 5).
    expect(await rowOf('ideas', (created as { idea_id: string }).idea_id)).toMatchObject({
      title: 'Spring retreat in April',
    });
    expect(await rowOf('previews', id)).toMatchObject({
      status: 'pending',
      revision: 2,
      approved_revision: null,
    });

    // Approving what the client saw before the edit is refused; the current revision is not.
    const stale = await client.rpc('approve_preview_revision', { preview_id: id, revision: 1 });
    expect(stale.error?.code).toBe('PT409');
    expect((await rowOf('previews', id))?.['status']).toBe('pending');

    await client.rpc('request_preview_changes', { preview_id: id, feedback: 'Mention the price' });
    const { data: revisions } = await client
      .from('preview_revisions')
      .select('revision, draft_content')
      .eq('preview_id', id)
      .order('revision');
    expect(revisions?.map((r) => r.revision)).toEqual([1, 2]);
    expect((await historyOf(id)).map((h) => [h.event, h.revision])).toEqual([
      ['created', 1],
      ['approved', 1],
      ['edited', 2],
      ['changes_requested', 2],
    ]);
    expect((await historyOf(id))[3]).toMatchObject({
      actor_id: USERS.clientA.id,
      via_link: false,
      feedback: 'Mention the price',
    });
  });

  it('a direct admin update of the text is also a revision and resets approval', async () => {
    const admin = (await actor('admin')).db;
    const id = await previewOf(USERS.clientA.id, 'approved');
    const { error } = await admin.from('previews').update({ admin_notes: 'New note' }).eq('id', id);
    expect(error).toBeNull();
    expect(await rowOf('previews', id)).toMatchObject({
      status: 'pending',
      revision: 2,
      approved_revision: null,
    });
  });

  it('the wizard save is one transaction: a refused preview leaves no idea behind', async () => {
    const admin = (await actor('admin')).db;
    const title = `Past ${Date.now()}`;
    const { error } = await admin.rpc('create_preview_with_idea', {
      client_id: USERS.clientA.id,
      title,
      channel: 'LinkedIn',
      draft_content: content('Too late'),
      scheduled_at: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(error?.message).toMatch(/past/);
    const { data } = await serviceClient().from('ideas').select('id').eq('title', title);
    expect(data).toEqual([]);
    const zone = await admin.rpc('create_preview_with_idea', {
      client_id: USERS.clientA.id,
      title,
      channel: 'LinkedIn',
      draft_content: content('Bad zone'),
      scheduled_zone: 'Mars/Olympus',
    });
    expect(zone.error?.message).toMatch(/time zone/);
  });

  it("refuses texts over a platform's limit and a sixth Instagram hashtag", async () => {
    const admin = (await actor('admin')).db;
    const save = (platforms: Record<string, string>) =>
      admin.rpc('create_preview_with_idea', {
        client_id: USERS.clientA.id,
        title: 'Limits',
        channel: Object.keys(platforms).join(', '),
        draft_content: { content: 'x', selectedPosts: [], platforms },
      });
    expect((await save({ LinkedIn: 'x'.repeat(3001) })).error?.message).toMatch(/longer than its platform/);
    expect((await save({ Instagram: '#a #b #c #d #e #f' })).error?.message).toMatch(/hashtags/);
    expect((await save({ Instagram: '#a #b #c #d #e', LinkedIn: 'x'.repeat(3000) })).error).toBeNull();
  });

  it('history is append-only, even for the service role', async () => {
    const id = await previewOf(USERS.clientA.id);
    const { error } = await serviceClient().from('preview_history').delete().eq('preview_id', id);
    expect(error?.message).toMatch(/append-only/);
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('counts come in one call and only over what the caller may see', async () => {
    const a = await (await actor('clientA')).db.rpc('preview_counts').single();
    const b = await (await actor('clientB')).db.rpc('preview_counts').single();
    const admin = await (await actor('admin')).db.rpc('preview_counts').single();
    const own = async (client: string) =>
      (
        await serviceClient()
          .from('previews')
          .select('id', { count: 'exact', head: true })
          .eq('client_id', client)
      ).count;
    expect((a.data as { total: number }).total).toBe(await own(USERS.clientA.id));
    expect((b.data as { total: number }).total).toBe(await own(USERS.clientB.id));
    const all = (await serviceClient().from('previews').select('id', { count: 'exact', head: true })).count;
    expect((admin.data as { total: number }).total).toBe(all);
    expect((await newClient().rpc('preview_counts')).error).not.toBeNull();
  });
});

describe('Timeline Alchemy publishing', () => {
  it('publishes approved, due previews once; leaves pending overdue ones and edited ones alone', async () => {
    const svc = serviceClient();
    const past = new Date(Date.now() - 60_000).toISOString();
    // A platform without an API in this slice: published by the schedule alone (X and LinkedIn post first: ta-publishing.test.ts).
    const due = await previewOf(USERS.clientA.id, 'approved', {
      channel: 'Custom Post',
      template: 'Custom Post',
    });
    const overdue = await previewOf(USERS.clientA.id, 'pending');
    const stale = await previewOf(USERS.clientB.id, 'approved');
    for (const id of [due, overdue, stale])
      await svc.from('previews').update({ scheduled_at: past }).eq('id', id);
    // Moving the time is an edit (revision 2); approve revision 2 of `due` only.
    await svc.from('previews').update({ status: 'approved', approved_revision: 2 }).eq('id', due);
    await svc.from('previews').update({ status: 'approved', approved_revision: 1 }).eq('id', stale);

    const first = await svc.rpc('publish_due_previews');
    expect(first.error).toBeNull();
    expect(await rowOf('previews', due)).toMatchObject({ status: 'published' });
    expect((await rowOf('previews', due))?.['published_at']).not.toBeNull();
    expect((await rowOf('previews', overdue))?.['status']).toBe('pending');
    expect((await rowOf('previews', stale))?.['status']).toBe('approved');

    await svc.rpc('publish_due_previews');
    expect((await historyOf(due)).filter((h) => h.event === 'published')).toHaveLength(1);
  });
});

describe('Timeline Alchemy review links', () => {
  async function link(client: string) {
    const { data, error } = await (await actor('admin')).db.rpc('create_review_link', { client_id: client });
    if (error) throw error;
    return (data as { link_id: string; token: string }[])[0] as { link_id: string; token: string };
  }

  it("opens only its client's pending previews and records decisions 'via link'", async () => {
    const mine = await previewOf(USERS.clientA.id);
    const theirs = await previewOf(USERS.clientB.id);
    const { token } = await link(USERS.clientA.id);
    const visitor = newClient();

    const { data, error } = await visitor.rpc('review_link_open', { token });
    expect(error).toBeNull();
    const ids = (data as { previews: { id: string }[] }).previews.map((p) => p.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);

    const other = await visitor.rpc('review_link_approve', { token, preview_id: theirs, revision: 1 });
    expect(other.error).not.toBeNull();
    expect((await rowOf('previews', theirs))?.['status']).toBe('pending');

    expect(
      (await visitor.rpc('review_link_approve', { token, preview_id: mine, revision: 1 })).error,
    ).toBeNull();
    expect((await historyOf(mine)).at(-1)).toMatchObject({
      event: 'approved',
      via_link: true,
      actor_id: null,
    });
  });

  it('stops working when revoked or expired, and a guessed token never works', async () => {
    const id = await previewOf(USERS.clientA.id);
    const visitor = newClient();
    const revoked = await link(USERS.clientA.id);
    expect((await visitor.rpc('review_link_open', { token: revoked.token })).error).toBeNull();
    await (await actor('admin')).db.rpc('revoke_review_link', { link_id: revoked.link_id });
    const afterRevoke = await visitor.rpc('review_link_request_changes', {
      token: revoked.token,
      preview_id: id,
      feedback: 'x',
    });
    expect(afterRevoke.error?.code).toBe('PT401');

    const expired = await link(USERS.clientA.id);
    await serviceClient()
      .from('preview_review_links')
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .eq('id', expired.link_id);
    expect((await visitor.rpc('review_link_open', { token: expired.token })).error?.code).toBe('PT401');
    expect(
      (await visitor.rpc('review_link_open', { token: `${expired.token.slice(0, -2)}xx` })).error?.code,
    ).toBe('PT401');
    expect((await rowOf('previews', id))?.['status']).toBe('pending');

    const { data: stored } = await serviceClient()
      .from('preview_review_links')
      .select('token_hash')
      .eq('id', expired.link_id)
      .single();
    expect(JSON.stringify(stored)).not.toContain(expired.token);
    const adminRead = await (await actor('admin')).db
      .from('preview_review_links')
      .select('token_hash')
      .eq('id', expired.link_id);
    expect(adminRead.error).not.toBeNull();
  });
});
