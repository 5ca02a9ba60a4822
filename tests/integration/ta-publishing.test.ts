import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { open, tokenKey } from '../../src/features/timeline-alchemy/publishing/config.ts';
import { handleConnectCallback } from '../../src/features/timeline-alchemy/publishing/connect.ts';
import { ACTORS, actor, serviceClient, USERS, url } from './helpers.ts';
import {
  connect,
  control,
  deps,
  duePreview,
  ORIGIN,
  postsWith,
  publications,
  settled,
} from './ta-publishing-kit.ts';

// Issue 27 (X and LinkedIn): connecting through the stand-ins' OAuth pages, tokens nobody can
// read, and exactly one post per platform through 429s, a killed worker, expired and revoked tokens.
let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
});
afterAll(async () => {
  await db.end();
});

describe('connected accounts', () => {
  it('a member cannot start a connect; a client connects X and LinkedIn through the OAuth pages', async () => {
    expect((await connect('memberA', 'x', 'someone')).status).toBe(403);
    const x = await connect('clientA', 'x', 'lotte_x');
    expect(x.location).toBe(`${ORIGIN}/en/timeline-alchemy/client/social-connections?connected=x`);
    const li = await connect('clientA', 'linkedin', 'lotte_li');
    expect(li.location).toContain('connected=linkedin');
    const { rows } = await db.query(
      `select t.access_token, t.refresh_token from private.social_tokens t
         join public.social_connections c on c.id = t.connection_id
        where c.client_id = $1 and c.platform in ('x', 'linkedin')`,
      [USERS.clientA.id],
    );
    expect(rows).toHaveLength(2);
    const key = tokenKey(url()) as Buffer;
    for (const row of rows as Array<{ access_token: string; refresh_token: string }>) {
      // Sealed at rest (AES-256-GCM), and it opens with the server's key only.
      expect(row.access_token).toMatch(/^v1\./);
      expect(open(key, row.access_token).length).toBeGreaterThan(10);
    }
  });

  it('a replayed or unknown state connects nothing', async () => {
    const callback = await handleConnectCallback(
      new Request(`${ORIGIN}/api/timeline-alchemy/connect-callback?code=abc&state=${'f'.repeat(43)}`),
      deps(),
    );
    expect(callback.headers.get('location')).toContain('connect=failed');
    const bare = await handleConnectCallback(
      new Request(`${ORIGIN}/api/timeline-alchemy/connect-callback`),
      deps(),
    );
    expect(bare.status).toBe(400);
  });

  it('no role reads tokens or runs the worker; each client sees only their own connections', async () => {
    for (const name of ACTORS) {
      const a = await actor(name);
      const tokens = await a.db
        .schema('private' as 'public')
        .from('social_tokens')
        .select('*');
      expect(tokens.data ?? []).toEqual([]);
      expect((await a.db.rpc('publication_claim', { max_rows: 10 })).error).not.toBeNull();
      expect(
        (
          await a.db.rpc('social_connection_save', {
            client_id: USERS.clientB.id,
            platform: 'x',
            account_id: '1',
            account_name: 'x',
            profile_url: null,
            access_token: 'a',
            refresh_token: null,
            expires_at: null,
          })
        ).error,
      ).not.toBeNull();
      const { data } = await a.db.from('social_connections').select('client_id');
      const seen = new Set((data ?? []).map((r) => (r as { client_id: string }).client_id));
      if (name === 'admin') expect(seen.has(USERS.clientA.id)).toBe(true);
      else if (name === 'clientA') expect([...seen]).toEqual([USERS.clientA.id]);
      else expect(seen.size).toBe(0);
      expect(
        (
          await a.db
            .from('social_connections')
            .insert({ client_id: USERS.clientA.id, platform: 'x', account_id: '1', account_name: 'x' })
        ).error,
      ).not.toBeNull();
    }
    const b = await actor('clientB');
    expect(
      (await b.db.from('preview_publications').select('preview_id').eq('client_id', USERS.clientA.id)).data ??
        [],
    ).toEqual([]);
  });
});

describe('publishing', () => {
  it('posts an approved, due preview once to each platform; published when both posted, linked to the posts', async () => {
    const text = `Both platforms ${Date.now()}`;
    const preview = await duePreview(text);
    await settled(preview);
    const rows = await publications(preview);
    expect(rows.map((r) => r.status)).toEqual(['posted', 'posted']);
    expect((await postsWith('x', text)).length).toBe(1);
    expect((await postsWith('linkedin', text)).length).toBe(1);
    for (const row of rows) expect((await fetch(row.url ?? '')).status).toBe(200);
    await expect
      .poll(
        async () =>
          (await serviceClient().from('previews').select('status').eq('id', preview).single()).data?.status,
      )
      .toBe('published');
  });

  it('another preview posted meanwhile does not publish a due preview whose posts were not made yet', async () => {
    // In one transaction, so the stack's publishing timer cannot make B's publications first: A has
    // its X publication in flight, B has just become due (the worker has not run since).
    await db.query('begin');
    try {
      const insert = `insert into public.previews
          (client_id, channel, template, draft_content, scheduled_at, status, approved_revision, reviewed_revision)
        values ($1, 'X (Twitter)', 'X (Twitter)', '{"content": "x"}', now() - interval '1 minute', 'approved', 1, 1)
        returning id`;
      const a = (await db.query(insert, [USERS.clientA.id])).rows[0].id as string;
      await db.query(
        `insert into public.preview_publications (preview_id, platform, client_id) values ($1, 'x', $2)`,
        [a, USERS.clientA.id],
      );
      const b = (await db.query(insert, [USERS.clientA.id])).rows[0].id as string;
      await db.query(`select public.publication_posted($1, 'x', 'e-1', 'https://x.example/1')`, [a]);
      const status = async (id: string) =>
        (await db.query('select status from public.previews where id = $1', [id])).rows[0].status;
      expect(await status(a)).toBe('published');
      // Before: "published" with nothing posted (and the worker never posts a published preview).
      expect(await status(b)).toBe('approved');
      // The worker's next run makes B's publication; B is published once it is posted.
      await db.query('select public.publish_due_previews()');
      expect(await status(b)).toBe('approved');
      await db.query(`select public.publication_posted($1, 'x', 'e-2', 'https://x.example/2')`, [b]);
      expect(await status(b)).toBe('published');
    } finally {
      await db.query('rollback');
    }
  });

  it("the preview's image goes with the posts (X media upload, LinkedIn's Images API)", async () => {
    const text = `With a picture ${Date.now()}`;
    const image = `${url()}/storage/v1/object/public/blog_images/stilte.svg`;
    const preview = await duePreview(text, 'X (Twitter), LinkedIn', image);
    await settled(preview);
    expect((await publications(preview)).map((p) => p.status)).toEqual(['posted', 'posted']);
    expect((await postsWith('x', text))[0]?.image).toMatch(/^\d+$/);
    expect((await postsWith('linkedin', text))[0]?.image).toMatch(/^urn:li:image:\d+$/);
  });

  it('429 then 200: waits for the reset and posts exactly once', async () => {
    await control('x', '429', 2);
    const text = `Rate limited ${Date.now()}`;
    const preview = await duePreview(text, 'X (Twitter)');
    await settled(preview, 1);
    expect((await publications(preview))[0]).toMatchObject({ status: 'posted' });
    expect((await publications(preview))[0]?.attempts).toBeGreaterThanOrEqual(3);
    expect((await postsWith('x', text)).length).toBe(1);
  });

  it('a timeout after the platform accepted is found among recent posts, not posted again', async () => {
    await control('linkedin', 'timeout');
    const text = `Dropped answer ${Date.now()}`;
    const preview = await duePreview(text, 'LinkedIn');
    await settled(preview, 1);
    expect((await postsWith('linkedin', text)).length).toBe(1);
  });

  it('a worker killed after sending: the next one checks the platform and posts nothing twice', async () => {
    const text = `Killed worker ${Date.now()}`;
    // The dead worker: claimed (leased), recorded the send, posted, and died before the mark.
    // One transaction, so the running timer never sees the preview without its leased publication.
    await db.query('begin');
    const inserted = await db.query(
      `insert into public.previews (client_id, channel, template, draft_content, scheduled_at, status, approved_revision, reviewed_revision)
       values ($1, 'X (Twitter)', 'X (Twitter)', $2, now() - interval '1 minute', 'approved', 1, 1) returning id`,
      [USERS.clientA.id, { content: text, selectedPosts: [], image: null }],
    );
    const preview = (inserted.rows[0] as { id: string }).id;
    await db.query(
      `insert into public.preview_publications (preview_id, platform, client_id, sent_at, lease_until, attempts)
                    values ($1, 'x', $2, now(), now() + interval '120 seconds', 1)`,
      [preview, USERS.clientA.id],
    );
    await db.query('commit');
    const { rows } = await db.query(
      `select t.access_token from private.social_tokens t join public.social_connections c on c.id = t.connection_id
        where c.client_id = $1 and c.platform = 'x'`,
      [USERS.clientA.id],
    );
    const token = open(tokenKey(url()) as Buffer, (rows[0] as { access_token: string }).access_token);
    const sent = await fetch(`${inject('xUrl')}/2/tweets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    expect(sent.status).toBe(201);
    // Its lease runs out.
    await db.query(
      `update public.preview_publications set lease_until = now() - interval '1 second' where preview_id = $1`,
      [preview],
    );
    await settled(preview, 1);
    expect((await publications(preview))[0]).toMatchObject({ status: 'posted' });
    expect((await postsWith('x', text)).length).toBe(1);
  });

  it('an expired token is refreshed; a revoked one marks the connection and posts nothing', async () => {
    await control('x', 'expire');
    const text = `After expiry ${Date.now()}`;
    const preview = await duePreview(text, 'X (Twitter)');
    await settled(preview, 1);
    expect((await publications(preview))[0]).toMatchObject({ status: 'posted' });

    await control('linkedin', 'revoke');
    const revokedText = `After revoke ${Date.now()}`;
    const revoked = await duePreview(revokedText, 'LinkedIn');
    await settled(revoked, 1);
    expect((await publications(revoked))[0]).toMatchObject({ status: 'failed', error_code: 'revoked' });
    expect((await postsWith('linkedin', revokedText)).length).toBe(0);
    const { data } = await serviceClient()
      .from('social_connections')
      .select('status')
      .eq('client_id', USERS.clientA.id)
      .eq('platform', 'linkedin')
      .single();
    expect(data?.status).toBe('revoked');
  });

  it('only an admin retries a failed publication; disconnecting deletes the tokens', async () => {
    const text = `Retry later ${Date.now()}`;
    const preview = await duePreview(text, 'LinkedIn');
    await settled(preview, 1);
    expect((await publications(preview))[0]).toMatchObject({ status: 'failed' });
    const args = { preview_id: preview, platform: 'linkedin' };
    expect((await (await actor('clientA')).db.rpc('publication_retry_now', args)).error).not.toBeNull();
    expect((await publications(preview))[0]).toMatchObject({ status: 'failed' });
    expect((await (await actor('admin')).db.rpc('publication_retry_now', args)).error).toBeNull();
    // The connection is still revoked: tried again, failed again, nothing posted.
    await expect.poll(async () => (await publications(preview))[0]?.attempts, { timeout: 15_000 }).toBe(1);
    expect((await postsWith('linkedin', text)).length).toBe(0);

    const count = async () =>
      (
        await db.query(
          `select count(*)::int as n from private.social_tokens t join public.social_connections c on c.id = t.connection_id
            where c.client_id = $1 and c.platform = 'linkedin'`,
          [USERS.clientA.id],
        )
      ).rows[0] as { n: number };
    expect((await count()).n).toBe(1);
    expect(
      (await (await actor('clientA')).db.rpc('social_disconnect', { platform: 'linkedin' })).error,
    ).toBeNull();
    expect((await count()).n).toBe(0);
    expect(
      (
        await db.query(
          `select 1 from public.social_connections where client_id = $1 and platform = 'linkedin'`,
          [USERS.clientA.id],
        )
      ).rowCount,
    ).toBe(0);
  });
});
