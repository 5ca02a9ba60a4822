import { randomInt } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { open, tokenKey } from '../../src/features/timeline-alchemy/publishing/config.ts';
import { ACTORS, actor, freshUser, serviceClient, signedIn, url } from './helpers.ts';
import { connect, control, duePreview, publications, settled } from './ta-publishing-kit.ts';

// Issue 27 (LinkedIn organization pages): a member who administers an organization chooses, after
// LinkedIn's OAuth round, to post as it (the same offer table and chooser as Facebook Pages);
// nobody else sees or takes that offer; the worker posts with the organization's URN (images
// owned by it), once through throttling and a lost answer; LinkedIn's 403 when the role is gone.
// A fresh client and its own organization keep this file apart from the other publishing tests.
const linkedin = () => inject('linkedinUrl');
const IMAGE = () => `${url()}/storage/v1/object/public/blog_images/stilte.svg`;
const ORG = String(randomInt(10_000_000, 99_999_999));
const ANALYST_ORG = String(Number(ORG) + 1);
const ORG_URN = `urn:li:organization:${ORG}`;
const MEMBER = `orgadmin${ORG}`;

/** The stand-in's seeded roles, for this test's own organization (never part of LinkedIn). */
const role = (organization: string, name: string, r: string | null) =>
  fetch(`${linkedin()}/__acl`, {
    method: 'POST',
    body: JSON.stringify({ organization, name, username: MEMBER, role: r }),
  });
type Stored = { id: string; author: string; text: string; image?: string };
const storedWith = async (text: string) =>
  ((await (await fetch(`${linkedin()}/__posts`)).json()) as Stored[]).filter((p) => p.text === text);

let db: pg.Client;
let client: { id: string; db: SupabaseClient };

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
  const user = await freshUser('Org Client');
  const svc = serviceClient();
  expect((await svc.from('profiles').update({ role: 'client' }).eq('id', user.id)).error).toBeNull();
  expect((await svc.from('clients').insert({ name: 'Org Client', profile_id: user.id })).error).toBeNull();
  client = { id: user.id, db: await signedIn(user.email) };
  expect((await role(ORG, `Stilte Studio ${ORG}`, 'ADMINISTRATOR')).status).toBe(200);
  expect((await role(ANALYST_ORG, `Alleen Cijfers ${ORG}`, 'ANALYST')).status).toBe(200);
});
afterAll(async () => {
  await db.end();
});

type Option = { page_id: string; page_name: string };

describe('connecting LinkedIn as an organization page', () => {
  it('the client chooses among themself and the pages they administer; no one else sees or takes the offer', async () => {
    const back = await connect(client.db, 'linkedin', MEMBER);
    expect(back.location).toContain('/en/timeline-alchemy/client/social-connections?choose=linkedin');

    const options = ((await client.db.rpc('social_page_options', { platform: 'linkedin' })).data ??
      []) as Option[];
    // The member first, then the organization they administer; not the one they only analyse.
    expect(options.map((o) => o.page_name)).toEqual([MEMBER, `Stilte Studio ${ORG}`]);
    expect(options[0]?.page_id).toMatch(/^urn:li:person:\d+$/);
    expect(options[1]?.page_id).toBe(ORG_URN);
    // A LinkedIn offer is not a Facebook one.
    expect((await client.db.rpc('social_page_options')).data ?? []).toEqual([]);
    expect((await client.db.rpc('social_page_choose', { page_id: ORG_URN })).error).not.toBeNull();

    for (const name of ACTORS) {
      const other = await actor(name);
      expect((await other.db.rpc('social_page_options', { platform: 'linkedin' })).data ?? []).toEqual([]);
      expect(
        (await other.db.rpc('social_page_choose', { page_id: ORG_URN, platform: 'linkedin' })).error,
      ).not.toBeNull();
      const offers = await other.db
        .schema('private' as 'public')
        .from('social_page_offers' as 'social_connections')
        .select('*');
      expect(offers.data ?? []).toEqual([]);
      expect(
        (
          await other.db.rpc('social_pages_offer', {
            client_id: client.id,
            pages: [{ id: ORG_URN, name: 'x', token: 'x' }],
            platform: 'linkedin',
          })
        ).error,
      ).not.toBeNull();
    }
    const notOffered = `urn:li:organization:${ANALYST_ORG}`;
    expect(
      (await client.db.rpc('social_page_choose', { page_id: notOffered, platform: 'linkedin' })).error,
    ).not.toBeNull();

    expect(
      (await client.db.rpc('social_page_choose', { page_id: ORG_URN, platform: 'linkedin' })).error,
    ).toBeNull();
    const { data } = await client.db
      .from('social_connections')
      .select('platform, account_id, account_name, profile_url, status');
    expect(data).toEqual([
      {
        platform: 'linkedin',
        account_id: ORG_URN,
        account_name: `Stilte Studio ${ORG}`,
        profile_url: expect.stringMatching(/\/company\/stilte-studio-\d+\/$/),
        status: 'connected',
      },
    ]);
    expect((await client.db.rpc('social_page_options', { platform: 'linkedin' })).data ?? []).toEqual([]);
    // The member's tokens, sealed, with their expiry (LinkedIn's last 60 days; refresh where granted).
    const { rows } = await db.query(
      `select t.access_token, t.refresh_token, t.expires_at from private.social_tokens t
         join public.social_connections c on c.id = t.connection_id where c.client_id = $1`,
      [client.id],
    );
    const row = rows[0] as { access_token: string; refresh_token: string; expires_at: Date };
    for (const sealed of [row.access_token, row.refresh_token]) {
      expect(sealed).toMatch(/^v1\./);
      expect(open(tokenKey(url()) as Buffer, sealed).length).toBeGreaterThan(10);
    }
    expect(row.expires_at.getTime()).toBeGreaterThan(Date.now() + 86_400_000);
  });
});

describe('publishing as the organization', () => {
  it('posts as the organization with an image it owns; once through 429s and a lost answer', async () => {
    await control('linkedin', '429', 2, ORG_URN);
    const text = `Org throttled ${ORG} ${Date.now()}`;
    const preview = await duePreview(text, 'LinkedIn', IMAGE(), client.id);
    await settled(preview, 1);
    const [row] = await publications(preview);
    expect(row).toMatchObject({ platform: 'linkedin', status: 'posted' });
    expect(row?.attempts).toBeGreaterThanOrEqual(3);
    const posts = await storedWith(text);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.author).toBe(ORG_URN);
    expect(posts[0]?.image).toMatch(/^urn:li:image:\d+$/);
    expect(row?.url).toContain(posts[0]?.id);
    expect((await fetch(row?.url ?? '')).status).toBe(200);

    await control('linkedin', 'timeout', 1, ORG_URN);
    const lost = `Org lost answer ${ORG} ${Date.now()}`;
    const second = await duePreview(lost, 'LinkedIn', null, client.id);
    await settled(second, 1);
    expect((await publications(second))[0]).toMatchObject({ status: 'posted' });
    expect((await storedWith(lost)).map((p) => p.author)).toEqual([ORG_URN]);
  });

  it("once the member is no longer an administrator, LinkedIn's 403 fails the post and nothing is posted", async () => {
    expect((await role(ORG, `Stilte Studio ${ORG}`, null)).status).toBe(200);
    const text = `Org no longer admin ${ORG} ${Date.now()}`;
    const preview = await duePreview(text, 'LinkedIn', null, client.id);
    await settled(preview, 1);
    expect((await publications(preview))[0]).toMatchObject({
      status: 'failed',
      error_code: 'rejected',
      error: expect.stringContaining('Not enough permissions'),
      attempts: 1,
    });
    expect(await storedWith(text)).toEqual([]);
    await role(ORG, `Stilte Studio ${ORG}`, 'ADMINISTRATOR');
  });
});

describe("the admin's view of a client's connections", () => {
  it('an admin reads every client’s accounts and their state, never a token; no one else reads them', async () => {
    const { data: mark } = await serviceClient()
      .from('social_connections')
      .select('id')
      .eq('client_id', client.id)
      .single();
    await serviceClient().rpc('social_connection_mark', { connection_id: mark?.id, status: 'revoked' });
    const admin = await actor('admin');
    const { data, error } = await admin.db
      .from('social_connections')
      .select('platform, account_id, account_name, status, clients(name)')
      .eq('client_id', client.id);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        platform: 'linkedin',
        account_id: ORG_URN,
        account_name: `Stilte Studio ${ORG}`,
        status: 'revoked',
        clients: { name: 'Org Client' },
      },
    ]);
    // No token column exists to select, and the token table answers nobody.
    expect((await admin.db.from('social_connections').select('access_token')).error).not.toBeNull();
    const tokens = await admin.db
      .schema('private' as 'public')
      .from('social_tokens' as 'social_connections')
      .select('*');
    expect(tokens.data ?? []).toEqual([]);
    for (const name of ACTORS.filter((n) => n !== 'admin')) {
      const other = await actor(name);
      const seen = await other.db.from('social_connections').select('platform').eq('client_id', client.id);
      expect(seen.data ?? []).toEqual([]);
    }
    await serviceClient().rpc('social_connection_mark', { connection_id: mark?.id, status: 'connected' });
  });
});
