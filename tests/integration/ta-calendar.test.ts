import { afterAll, describe, expect, inject, it } from 'vitest';
import { handleCalendarFeed } from '../../src/features/timeline-alchemy/calendar/feed-handler.ts';
import { closeDb, sql } from './auth-flows-kit.ts';
import { actor, arrange, newClient, rowOf, serviceClient, USERS, url } from './helpers.ts';
import { ADMIN, runMatrix, type Scenario } from './rls-kit.ts';

/**
 * The Timeline Alchemy calendar: moving a preview (public.reschedule_preview, admins only) and the
 * private iCalendar feed (a hashed, revocable token that reads only its own client's schedule).
 */

const content = (text: string) => ({ content: text, platforms: { LinkedIn: text }, selectedPosts: [] });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

async function previewOf(client: string, extra: Record<string, unknown> = {}) {
  return arrange('previews', {
    client_id: client,
    channel: 'LinkedIn',
    template: 'LinkedIn',
    draft_content: content('Calendar fixture'),
    scheduled_at: inDays(1).toISOString(),
    ...extra,
  });
}

const scheduledAt = async (id: string) =>
  new Date(String((await rowOf('previews', id))?.['scheduled_at'])).getTime();

const scenarios: Scenario[] = [
  {
    table: 'previews',
    op: "move client A's preview with reschedule_preview()",
    allowed: ADMIN,
    run: async (a) => {
      const id = await previewOf(USERS.clientA.id);
      const to = inDays(3);
      await a.db.rpc('reschedule_preview', { preview_id: id, scheduled_at: to.toISOString() });
      return (await scheduledAt(id)) === to.getTime();
    },
  },
  {
    table: 'previews',
    op: "move client A's preview by a direct update",
    allowed: ADMIN,
    run: async (a) => {
      const id = await previewOf(USERS.clientA.id);
      const to = inDays(4);
      await a.db.from('previews').update({ scheduled_at: to.toISOString() }).eq('id', id);
      return (await scheduledAt(id)) === to.getTime();
    },
  },
  {
    table: 'calendar_feeds',
    op: 'make their own feed link with calendar_feed_new()',
    allowed: ['clientA', 'clientB'],
    run: async (a) => {
      const { data, error } = await a.db.rpc('calendar_feed_new', { locale: 'en' });
      return error === null && typeof data === 'string' && data.length === 43;
    },
  },
];

afterAll(closeDb);

runMatrix('Timeline Alchemy: calendar', scenarios);

async function feedOf(token: string) {
  return handleCalendarFeed(token, {
    url: url(),
    anonKey: inject('supabaseAnonKey'),
    origin: 'https://site.test',
  });
}

describe('moving a preview', () => {
  it('an approved preview moved is a new revision and pending again (the client approves the new time)', async () => {
    const id = await previewOf(USERS.clientA.id, {
      status: 'approved',
      approved_revision: 1,
      reviewed_revision: 1,
    });
    const { db } = await actor('admin');
    const to = inDays(5);
    const { data, error } = await db.rpc('reschedule_preview', {
      preview_id: id,
      scheduled_at: to.toISOString(),
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'pending', revision: 2, approved_revision: null });
  });

  it('refuses a time in the past (22023), a published preview and one being published (PT409)', async () => {
    const { db } = await actor('admin');
    const id = await previewOf(USERS.clientA.id);
    const past = await db.rpc('reschedule_preview', {
      preview_id: id,
      scheduled_at: inDays(-1).toISOString(),
    });
    expect(past.error?.code).toBe('22023');

    const published = await previewOf(USERS.clientA.id, { status: 'published' });
    const p = await db.rpc('reschedule_preview', {
      preview_id: published,
      scheduled_at: inDays(6).toISOString(),
    });
    expect(p.error?.code).toBe('PT409');

    const publishing = await previewOf(USERS.clientA.id, {
      status: 'approved',
      approved_revision: 1,
      reviewed_revision: 1,
    });
    const { error } = await serviceClient()
      .from('preview_publications')
      .insert({ preview_id: publishing, platform: 'linkedin', client_id: USERS.clientA.id });
    expect(error).toBeNull();
    const before = await scheduledAt(publishing);
    const q = await db.rpc('reschedule_preview', {
      preview_id: publishing,
      scheduled_at: inDays(6).toISOString(),
    });
    expect(q.error?.code).toBe('PT409');
    expect(await scheduledAt(publishing)).toBe(before);
  });

  it('a client cannot move even her own preview (42501), and the time stays', async () => {
    const id = await previewOf(USERS.clientA.id);
    const before = await scheduledAt(id);
    const { db } = await actor('clientA');
    const { error } = await db.rpc('reschedule_preview', {
      preview_id: id,
      scheduled_at: inDays(7).toISOString(),
    });
    expect(error?.code).toBe('42501');
    expect(await scheduledAt(id)).toBe(before);
  });
});

describe('the calendar feed', () => {
  it('reads only the token owner’s schedule; a new link revokes the old; revoke answers 404', async () => {
    const mine = await previewOf(USERS.clientA.id, { scheduled_at: inDays(2).toISOString() });
    const theirs = await previewOf(USERS.clientB.id, { scheduled_at: inDays(2).toISOString() });
    const a = await actor('clientA');
    const first = (await a.db.rpc('calendar_feed_new', { locale: 'de' })).data as string;

    const anon = newClient();
    const { data: rows, error } = await anon.rpc('calendar_feed', { token: first });
    expect(error).toBeNull();
    const ids = (rows as { id: string }[]).map((r) => r.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const { data: all } = await serviceClient().from('previews').select('client_id').in('id', ids);
    expect(new Set((all ?? []).map((r) => r.client_id))).toEqual(new Set([USERS.clientA.id]));

    const response = await feedOf(first);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/calendar');
    const text = (await response.text()).replace(/\r\n[ \t]/g, '');
    expect(text).toContain(`UID:${mine}@site.test`);
    expect(text).not.toContain(theirs);
    expect(text).toContain('X-WR-CALNAME:Timeline-Alchemy-Zeitplan');

    // Another client's revoke leaves A's link alone.
    await (await actor('clientB')).db.rpc('calendar_feed_revoke');
    expect((await feedOf(first)).status).toBe(200);

    const second = (await a.db.rpc('calendar_feed_new', { locale: 'en' })).data as string;
    expect(second).not.toBe(first);
    expect((await anon.rpc('calendar_feed', { token: first })).error?.code).toBe('PT404');
    expect((await feedOf(first)).status).toBe(404);
    expect((await feedOf(second)).status).toBe(200);

    expect((await a.db.rpc('calendar_feed_revoke')).data).toBe(true);
    expect((await feedOf(second)).status).toBe(404);
    expect((await a.db.rpc('calendar_feed_created')).data).toBeNull();
  });

  it('an unknown or malformed token is a 404, never a 500', async () => {
    expect((await feedOf('x'.repeat(43))).status).toBe(404);
    expect((await feedOf('../../etc')).status).toBe(404);
    expect((await newClient().rpc('calendar_feed', { token: '' })).error?.code).toBe('PT404');
  });

  it('the token is kept only as a hash: no role reads the feeds table', async () => {
    const a = await actor('clientA');
    const token = (await a.db.rpc('calendar_feed_new', {})).data as string;
    for (const name of ['anon', 'clientA', 'admin'] as const) {
      const { db } = await actor(name);
      const { data } = await db
        .schema('private' as never)
        .from('calendar_feeds')
        .select('*');
      expect(data ?? []).toEqual([]);
    }
    const rows = await sql<{ hash: string }>(
      `select encode(token_hash, 'hex') as hash from private.calendar_feeds where client_id = $1`,
      [USERS.clientA.id],
    );
    expect(rows[0]?.hash).toHaveLength(64);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
