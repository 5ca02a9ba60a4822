import { describe, expect, inject, it } from 'vitest';
import { handleReviewLink } from '../../src/features/timeline-alchemy/review/link-handler.ts';
import { LOCAL_REVIEW_LINK_SECRET } from '../../src/features/timeline-alchemy/review/signed-link.ts';
import { actor, freshUser, serviceClient, USERS, url } from './helpers.ts';
import { deleteAs, jwtOf, sql } from './privacy-kit.ts';

/**
 * A Timeline Alchemy client who deleted their account: the admin still reads the record and its
 * previews, but the database refuses new previews, edits and review links for them (SQLSTATE
 * PT410, whichever path writes), while a live client is unaffected.
 */

const content = (text: string) => ({ content: text, platforms: { LinkedIn: text }, selectedPosts: [] });
const future = () => new Date(Date.now() + 86_400_000).toISOString();

async function leavingClient() {
  const client = await freshUser('Client Who Left');
  await sql(`update public.profiles set role = 'client' where id = $1`, [client.id]);
  const { error } = await serviceClient()
    .from('clients')
    .insert({ name: 'Left Client BV', email: client.email, profile_id: client.id });
  expect(error).toBeNull();
  return client;
}

describe('a deleted Timeline Alchemy client', () => {
  it('keeps its previews readable for the admin and refuses anything new, as admin and service role', async () => {
    const client = await leavingClient();
    const admin = await actor('admin');
    const made = await admin.db.rpc('create_preview_with_idea', {
      client_id: client.id,
      title: 'Made before leaving',
      channel: 'LinkedIn',
      draft_content: content('Before'),
      scheduled_at: future(),
      scheduled_zone: 'Europe/Amsterdam',
    });
    expect(made.error).toBeNull();
    const previewId = (made.data as { id: string }).id;
    await client.db.auth.refreshSession();
    expect((await deleteAs(client.email, await jwtOf(client.db))).status).toBe(200);

    // Readable, and marked.
    const { data: record } = await admin.db
      .from('clients')
      .select('name, account_deleted_at')
      .eq('profile_id', client.id)
      .single();
    expect(record?.name).toBe('Left Client BV');
    expect(record?.account_deleted_at).not.toBeNull();
    const { data: kept } = await admin.db.from('previews').select('id').eq('id', previewId);
    expect(kept).toEqual([{ id: previewId }]);

    // Refused: a new preview, an edit (by function and directly), a review link.
    const created = await admin.db.rpc('create_preview_with_idea', {
      client_id: client.id,
      title: 'After leaving',
      channel: 'LinkedIn',
      draft_content: content('After'),
      scheduled_at: future(),
      scheduled_zone: 'Europe/Amsterdam',
    });
    expect(created.error?.code).toBe('PT410');
    const edited = await admin.db.rpc('edit_preview', {
      preview_id: previewId,
      channel: 'LinkedIn',
      draft_content: content('Edited after leaving'),
      scheduled_zone: 'Europe/Amsterdam',
    });
    expect(edited.error?.code).toBe('PT410');
    const direct = await admin.db.from('previews').update({ admin_notes: 'sneaky' }).eq('id', previewId);
    expect(direct.error?.code).toBe('PT410');
    const asService = await serviceClient()
      .from('previews')
      .update({ draft_content: content('service edit') })
      .eq('id', previewId);
    expect(asService.error?.code).toBe('PT410');
    const link = await admin.db.rpc('create_review_link', { client_id: client.id });
    expect(link.error?.code).toBe('PT410');
    const { data: session } = await admin.db.auth.getSession();
    const route = await handleReviewLink(
      new Request('http://site.test/api/timeline-alchemy/review-link', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${session.session?.access_token ?? ''}`,
        },
        body: JSON.stringify({ clientId: client.id, lang: 'en' }),
      }),
      {
        url: url(),
        anonKey: inject('supabaseAnonKey'),
        origin: 'https://site.test',
        secret: LOCAL_REVIEW_LINK_SECRET,
      },
    );
    expect(route.status).toBe(410);
    expect(await route.json()).toMatchObject({ error: { code: 'client_deleted' } });
    const rows = await sql<{ n: number }>(
      `select (select count(*)::int from public.previews where client_id = $1)
            + (select count(*)::int from public.preview_review_links where client_id = $1 and revoked_at is null) as n`,
      [client.id],
    );
    expect(rows[0]?.n).toBe(1);
    const unchanged = await sql<{ admin_notes: string | null; revision: number }>(
      'select admin_notes, revision from public.previews where id = $1',
      [previewId],
    );
    expect(unchanged[0]).toEqual({ admin_notes: null, revision: 1 });

    // The admin may still remove it.
    const removed = await admin.db.from('previews').delete().eq('id', previewId).select('id');
    expect(removed.data).toEqual([{ id: previewId }]);
  }, 60_000);

  it('leaves a live client alone', async () => {
    const admin = await actor('admin');
    const created = await admin.db.rpc('create_preview_with_idea', {
      client_id: USERS.clientA.id,
      title: 'Still here',
      channel: 'LinkedIn',
      draft_content: content('Live client'),
      scheduled_at: future(),
      scheduled_zone: 'Europe/Amsterdam',
    });
    expect(created.error).toBeNull();
    const link = await admin.db.rpc('create_review_link', { client_id: USERS.clientA.id, valid_hours: 200 });
    expect(link.error).toBeNull();
  });
});
