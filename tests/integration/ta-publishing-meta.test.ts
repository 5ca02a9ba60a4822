import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { open, tokenKey } from '../../src/features/timeline-alchemy/publishing/config.ts';
import { DUPLICATE } from '../../supabase/local/platforms/meta-graph.ts';
import { ACTORS, actor, serviceClient, USERS, url } from './helpers.ts';
import { connect, control, duePreview, postsWith, publications, settled } from './ta-publishing-kit.ts';

// Issue 27 (Facebook Pages and Instagram): Facebook Login through the Graph stand-in, the client
// picks a Page (its linked Instagram account comes with it), nobody else sees or takes that offer,
// and exactly one post per platform through throttling and a dropped answer.
const IMAGE = 'https://images.example.test/stilte.jpg';
let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
});
afterAll(async () => {
  await db.end();
});

type Option = { page_id: string; page_name: string; instagram_username: string | null };

describe('connecting a Facebook Page and its Instagram account', () => {
  it('a client picks one of their own Pages; no one else sees or takes the offer; tokens stay sealed', async () => {
    expect((await connect('memberA', 'facebook', 'someone')).status).toBe(403);
    const back = await connect('clientA', 'facebook', 'lotte');
    expect(back.location).toContain('/en/timeline-alchemy/client/social-connections?choose=facebook');

    const a = await actor('clientA');
    const offered = await a.db.rpc('social_page_options');
    const options = (offered.data ?? []) as Option[];
    expect(options.map((o) => [o.page_name, o.instagram_username])).toEqual([
      ['lotte Shop', null],
      ['lotte Studio', 'lotte.studio'],
    ]);
    const studio = options.find((o) => o.instagram_username) as Option;

    // The other client, a member, the admin and anonymous visitors see nothing and take nothing.
    for (const name of ACTORS.filter((n) => n !== 'clientA')) {
      const other = await actor(name);
      expect((await other.db.rpc('social_page_options')).data ?? []).toEqual([]);
      expect((await other.db.rpc('social_page_choose', { page_id: studio.page_id })).error).not.toBeNull();
      const offers = await other.db
        .schema('private' as 'public')
        .from('social_page_offers' as 'social_connections')
        .select('*');
      expect(offers.data ?? []).toEqual([]);
      expect(
        (await other.db.rpc('social_pages_offer', { client_id: USERS.clientB.id, pages: [] })).error,
      ).not.toBeNull();
    }
    expect((await a.db.rpc('social_page_choose', { page_id: 'not-offered' })).error).not.toBeNull();

    expect((await a.db.rpc('social_page_choose', { page_id: studio.page_id })).error).toBeNull();
    const { data: connections } = await a.db
      .from('social_connections')
      .select('platform, account_id, account_name, status')
      .in('platform', ['facebook', 'instagram'])
      .order('platform');
    expect(connections).toEqual([
      { platform: 'facebook', account_id: studio.page_id, account_name: 'lotte Studio', status: 'connected' },
      expect.objectContaining({ platform: 'instagram', account_name: 'lotte.studio', status: 'connected' }),
    ]);
    // The offer is used up.
    expect((await a.db.rpc('social_page_options')).data ?? []).toEqual([]);
    const { rows } = await db.query(
      `select t.access_token from private.social_tokens t join public.social_connections c on c.id = t.connection_id
        where c.client_id = $1 and c.platform in ('facebook', 'instagram')`,
      [USERS.clientA.id],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows as Array<{ access_token: string }>) {
      expect(row.access_token).toMatch(/^v1\./);
      expect(open(tokenKey(url()) as Buffer, row.access_token).length).toBeGreaterThan(10);
    }
    expect((await db.query('select 1 from private.social_page_offers')).rowCount).toBe(0);
  });
});

describe('publishing to Facebook and Instagram', () => {
  it('posts once to each, with the image; published when both posted, linked to the posts', async () => {
    const text = `Meta both ${Date.now()}`;
    const preview = await duePreview(text, 'Facebook, Instagram', IMAGE);
    await settled(preview);
    const rows = await publications(preview);
    expect(rows.map((r) => [r.platform, r.status])).toEqual([
      ['facebook', 'posted'],
      ['instagram', 'posted'],
    ]);
    const [facebook] = await postsWith('meta', text, 'facebook');
    const [instagram] = await postsWith('meta', text, 'instagram');
    expect((await postsWith('meta', text)).length).toBe(2);
    expect(facebook?.image).toBe(IMAGE);
    expect(instagram?.image).toBe(IMAGE);
    expect(rows[0]?.url).toContain(facebook?.id);
    expect(rows[1]?.url).toContain(instagram?.id);
    for (const row of rows) expect((await fetch(row.url ?? '')).status).toBe(200);
    await expect
      .poll(
        async () =>
          (await serviceClient().from('previews').select('status').eq('id', preview).single()).data?.status,
      )
      .toBe('published');
  });

  it('Instagram without an image fails with its reason before any request; Facebook posts the text', async () => {
    const text = `No picture ${Date.now()}`;
    const preview = await duePreview(text, 'Facebook, Instagram', null);
    await settled(preview);
    const [facebook, instagram] = await publications(preview);
    expect(facebook).toMatchObject({ status: 'posted' });
    expect(instagram).toMatchObject({ status: 'failed', error_code: 'no_image', attempts: 1 });
    expect((await postsWith('meta', text, 'facebook'))[0]?.image).toBeUndefined();
    expect((await postsWith('meta', text, 'instagram')).length).toBe(0);
    expect(
      (await serviceClient().from('previews').select('status').eq('id', preview).single()).data?.status,
    ).toBe('approved');
  });

  it('throttled (Graph 80001/80002) then accepted: exactly one post on each', async () => {
    await control('meta', '429', 2, 'facebook');
    await control('meta', '429', 2, 'instagram');
    const text = `Throttled ${Date.now()}`;
    const preview = await duePreview(text, 'Facebook, Instagram', IMAGE);
    await settled(preview);
    for (const row of await publications(preview)) {
      expect(row).toMatchObject({ status: 'posted' });
      expect(row.attempts).toBeGreaterThanOrEqual(3);
    }
    expect((await postsWith('meta', text, 'facebook')).length).toBe(1);
    expect((await postsWith('meta', text, 'instagram')).length).toBe(1);
  });

  it('an answer lost after the platform accepted is found among recent posts, not posted again', async () => {
    await control('meta', 'timeout', 1, 'facebook');
    await control('meta', 'timeout', 1, 'instagram');
    const text = `Dropped Meta answer ${Date.now()}`;
    const preview = await duePreview(text, 'Facebook, Instagram', IMAGE);
    await settled(preview);
    for (const row of await publications(preview)) expect(row).toMatchObject({ status: 'posted' });
    expect((await postsWith('meta', text, 'facebook')).length).toBe(1);
    expect((await postsWith('meta', text, 'instagram')).length).toBe(1);
  });

  it("Facebook's refusal is kept in the client's language (Graph's error_user_msg for the request's locale)", async () => {
    const text = `Same again ${Date.now()}`;
    const first = await duePreview(text, 'Facebook', null);
    await settled(first, 1);
    const second = await duePreview(text, 'Facebook', null);
    await settled(second, 1);
    const { rows } = await db.query('select private.mail_locale($1) as lang', [USERS.clientA.id]);
    const lang = (rows[0] as { lang: 'nl' | 'en' | 'de' }).lang;
    expect((await publications(second))[0]).toMatchObject({
      status: 'failed',
      error_code: 'rejected',
      error: DUPLICATE[{ nl: 'nl_NL', en: 'en_US', de: 'de_DE' }[lang]],
    });
    expect((await postsWith('meta', text, 'facebook')).length).toBe(1);
  });

  it('a revoked page token marks both connections "reconnect" and posts nothing', async () => {
    await control('meta', 'revoke');
    const text = `After Meta revoke ${Date.now()}`;
    const preview = await duePreview(text, 'Facebook, Instagram', IMAGE);
    await settled(preview);
    for (const row of await publications(preview))
      expect(row).toMatchObject({ status: 'failed', error_code: 'revoked' });
    expect((await postsWith('meta', text)).length).toBe(0);
    const { data } = await serviceClient()
      .from('social_connections')
      .select('platform, status')
      .eq('client_id', USERS.clientA.id)
      .in('platform', ['facebook', 'instagram'])
      .order('platform');
    expect(data).toEqual([
      { platform: 'facebook', status: 'revoked' },
      { platform: 'instagram', status: 'revoked' },
    ]);
  });
});
