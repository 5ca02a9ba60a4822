import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshUser, newClient, PASSWORD, url } from '../helpers.ts';

/** Class 7: the local auth behaves like GoTrue behind Kong where an attacker would probe it. */
let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
});
afterAll(() => db?.end());

const anon = () => inject('supabaseAnonKey');
const token = (grant: string, body: unknown) =>
  fetch(`${url()}/auth/v1/token?grant_type=${grant}`, {
    method: 'POST',
    headers: { apikey: anon(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const getUser = (access: string) =>
  fetch(`${url()}/auth/v1/user`, { headers: { apikey: anon(), authorization: `Bearer ${access}` } });

async function session(email: string) {
  const res = await token('password', { email, password: PASSWORD });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

describe('/auth/v1/verify redirects only to the allow-list', () => {
  const verify = async (redirectTo: string) => {
    const res = await fetch(
      `${url()}/auth/v1/verify?token=00ff&type=signup&redirect_to=${encodeURIComponent(redirectTo)}`,
      { redirect: 'manual' },
    );
    return res.headers.get('location') ?? '';
  };
  it.each([
    'https://evil.example/steal',
    'http://evil.example:4321/',
    '//evil.example/x',
    'javascript:alert(1)',
    'http://127.0.0.1.evil.example/',
  ])('sends %s to site_url instead', async (target) => {
    expect(await verify(target)).toMatch(/^http:\/\/localhost:4321\/?#/);
  });
  it.each(['http://localhost:4321/auth/callback', 'http://127.0.0.1:4332/en/auth'])(
    'keeps the allowed %s (positive control)',
    async (target) => {
      // verify.go prepErrorRedirectURL: error, error_code, error_description, sb (sorted keys).
      expect(await verify(target)).toBe(
        `${target}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`,
      );
    },
  );
});

describe('banned and deleted users', () => {
  it('a banned user cannot sign in, refresh or read /user; unbanned they can', async () => {
    const { id, email } = await freshUser();
    const before = await session(email);
    expect(before.status).toBe(200);
    await db.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [id]);
    const signIn = await session(email);
    expect(signIn.status).toBe(400);
    expect(signIn.body['error_code']).toBe('user_banned');
    const refresh = await token('refresh_token', { refresh_token: before.body['refresh_token'] });
    expect(refresh.status).toBe(400);
    expect((await refresh.json()).error_code).toBe('user_banned');
    const user = await getUser(before.body['access_token'] as string);
    expect(user.status).toBe(403);
    await db.query("update auth.users set banned_until = now() - interval '1 second' where id = $1", [id]);
    expect((await session(email)).status).toBe(200);
  });

  it('a deleted user cannot sign in, refresh or read /user', async () => {
    const { id, email } = await freshUser();
    const before = await session(email);
    await db.query('update auth.users set deleted_at = now() where id = $1', [id]);
    expect((await session(email)).body['error_code']).toBe('invalid_credentials');
    expect((await token('refresh_token', { refresh_token: before.body['refresh_token'] })).status).toBe(400);
    expect((await getUser(before.body['access_token'] as string)).status).toBe(403);
  });
});

describe('refresh-token reuse detection (GoTrue)', () => {
  it('replaying a rotated token after the reuse interval revokes the whole session', async () => {
    const { email } = await freshUser();
    const first = (await session(email)).body['refresh_token'] as string;
    const second = (await (await token('refresh_token', { refresh_token: first })).json()).refresh_token;
    const third = (await (await token('refresh_token', { refresh_token: second })).json()).refresh_token;
    expect(third).toBeTruthy();
    // Within the interval a parallel tab may still use the old one (positive control).
    expect((await token('refresh_token', { refresh_token: second })).status).toBe(200);
    await db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`,
      [first],
    );
    const replay = await token('refresh_token', { refresh_token: first });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error_code).toBe('refresh_token_already_used');
    // The family is gone: the newest token no longer works either.
    const after = await token('refresh_token', { refresh_token: third });
    expect(after.status).toBe(400);
  });

  it('a token whose child is still unused gets that child back (two tabs refreshing)', async () => {
    const { email } = await freshUser();
    const first = (await session(email)).body['refresh_token'] as string;
    const child = (await (await token('refresh_token', { refresh_token: first })).json()).refresh_token;
    await db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`,
      [first],
    );
    const again = await token('refresh_token', { refresh_token: first });
    expect(again.status).toBe(200);
    expect((await again.json()).refresh_token).toBe(child);
  });
});

describe('requests without an apikey get 401 like Kong', () => {
  const keyed = [
    '/rest/v1/posts?select=id&limit=1',
    '/auth/v1/settings',
    '/auth/v1/user',
    '/realtime/v1/api/ping',
  ];
  it.each(keyed)('%s', async (path) => {
    const none = await fetch(`${url()}${path}`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: 'No API key found in request' });
    const wrong = await fetch(`${url()}${path}`, { headers: { apikey: 'not-a-key' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid authentication credentials' });
  });

  it('the realtime websocket without apikey is refused', async () => {
    const ws = new WebSocket(`${url().replace('http', 'ws')}/realtime/v1/websocket?vsn=1.0.0`);
    const outcome = await new Promise<string>((resolve) => {
      ws.onopen = () => resolve('open');
      ws.onerror = () => resolve('refused');
    });
    ws.close();
    expect(outcome).toBe('refused');
  });

  it('supabase-js sends the key, public storage URLs and verify need none (positive control)', async () => {
    const { error } = await newClient().from('posts').select('id').limit(1);
    expect(error).toBeNull();
    const img = newClient()
      .storage.from('user-avatars')
      .getPublicUrl('44444444-4444-4444-8444-444444444444/avatar.svg');
    expect((await fetch(img.data.publicUrl)).status).toBe(200);
    expect((await fetch(`${url()}/auth/v1/verify?token=00&type=signup`, { redirect: 'manual' })).status).toBe(
      303,
    );
  });
});
