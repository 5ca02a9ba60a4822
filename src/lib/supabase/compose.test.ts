import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataClient } from './compose.ts';

/*
 * The composed client must behave as supabase-js does for our callers; where it can, each test
 * holds it to a real supabase-js client built with the same URL and key.
 */

const URL_ = 'http://127.0.0.1:54321';
const KEY = 'anon-key';
const TOKEN = 'member-access-token';

type Sent = { url: string; headers: Headers; method: string };

function recordFetch(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push({ url, headers: new Headers(init?.headers), method: init?.method ?? 'GET' });
    const body = url.includes('/storage/v1/') ? { Key: 'b/p', Id: '1' } : [];
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

/** Puts a member's session where auth-js keeps it (memory storage under Node), as a sign-in would. */
async function signIn(db: ReturnType<typeof createDataClient>) {
  const auth = db.auth as unknown as {
    storage: { setItem(k: string, v: string): Promise<void> | void };
    storageKey: string;
  };
  const session = {
    access_token: TOKEN,
    refresh_token: 'r',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: { id: 'u1', email: 'a@b.nl', aud: 'authenticated', app_metadata: {}, user_metadata: {} },
  };
  await auth.storage.setItem(auth.storageKey, JSON.stringify(session));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createDataClient', () => {
  it('keeps the session under the key supabase-js uses', () => {
    recordFetch();
    const ours = createDataClient(URL_, KEY).auth as unknown as { storageKey: string };
    const theirs = createClient(URL_, KEY).auth as unknown as { storageKey: string };
    expect(ours.storageKey).toBe(theirs.storageKey);
    expect(ours.storageKey).toBe('sb-127-auth-token');
  });

  it('sends the anon key, and the anon key as bearer when nobody is signed in', async () => {
    const sent = recordFetch();
    const db = createDataClient(URL_, KEY);
    await db.from('profiles').select('user_id');
    const rest = sent.find((s) => s.url.includes('/rest/v1/profiles'));
    expect(rest?.headers.get('apikey')).toBe(KEY);
    expect(rest?.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
  });

  it("passes the member's access token to PostgREST (tables and functions)", async () => {
    const sent = recordFetch();
    const db = createDataClient(URL_, KEY);
    await signIn(db);
    await db.from('profiles').select('user_id');
    await db.rpc('unread_count' as never);
    const rest = sent.filter((s) => s.url.includes('/rest/v1/'));
    expect(rest.map((s) => new URL(s.url).pathname)).toEqual([
      '/rest/v1/profiles',
      '/rest/v1/rpc/unread_count',
    ]);
    for (const s of rest) expect(s.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('uploads with the member token and builds public URLs as supabase-js does', async () => {
    const sent = recordFetch();
    const db = createDataClient(URL_, KEY);
    await signIn(db);
    const bucket = db.storage.from('user-avatars');
    expect(() => bucket.getPublicUrl('u1/avatar.png')).toThrow(/before any upload/);
    const { error } = await bucket.upload('u1/avatar.png', new Blob(['x']), { upsert: true });
    expect(error).toBeNull();
    const upload = sent.find((s) => s.url.includes('/storage/v1/'));
    expect(upload?.url).toBe(`${URL_}/storage/v1/object/user-avatars/u1/avatar.png`);
    expect(upload?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    const theirs = createClient(URL_, KEY).storage.from('user-avatars').getPublicUrl('u1/avatar.png');
    expect(db.storage.from('user-avatars').getPublicUrl('u1/avatar.png')).toEqual(theirs);
  });

  it('hands realtime every new token and drops it on sign-out', async () => {
    recordFetch();
    const db = createDataClient(URL_, KEY);
    const setAuth = vi.spyOn(await db.realtime.load(), 'setAuth').mockResolvedValue(undefined);
    const notify = (
      db.auth as unknown as { _notifyAllSubscribers(e: string, s: unknown): Promise<void> }
    )._notifyAllSubscribers.bind(db.auth);
    await new Promise<void>((resolve) => {
      db.auth.onAuthStateChange((event) => {
        if (event === 'INITIAL_SESSION') setTimeout(resolve, 0);
      });
    });
    setAuth.mockClear();
    await notify('TOKEN_REFRESHED', { access_token: 'fresh' });
    await notify('TOKEN_REFRESHED', { access_token: 'fresh' });
    await notify('SIGNED_OUT', null);
    expect(setAuth.mock.calls).toEqual([['fresh'], []]);
  });

  it('forgets what the page read early when the member signs out', async () => {
    recordFetch();
    const db = createDataClient(URL_, KEY);
    await signIn(db);
    const early = globalThis as { __earlyReads?: unknown };
    early.__earlyReads = { 'GET posts?select=id ': { t: TOKEN, p: Promise.resolve(new Response('[]')) } };
    await db.auth.signOut({ scope: 'local' });
    expect(early.__earlyReads).toBeUndefined();
  });

  it('loads realtime with the first live use, holding the token of that moment', async () => {
    recordFetch();
    const db = createDataClient(URL_, KEY);
    // Nothing live yet: no realtime client, so no channel and nothing to remove.
    expect(() => db.channel('room')).toThrow(/realtime\.setAuth\(\) before the first channel/);
    expect(db.getChannels()).toEqual([]);
    expect(await db.removeAllChannels()).toEqual([]);
    await signIn(db);
    await db.realtime.setAuth();
    const [first, again] = await Promise.all([db.realtime.load(), db.realtime.load()]);
    expect(again).toBe(first);
    // The member signed in before realtime loaded: the join will carry their token.
    expect((first as unknown as { accessTokenValue: string }).accessTokenValue).toBe(TOKEN);
  });

  it('opens realtime on the websocket URL with the anon key, and channels through it', async () => {
    recordFetch();
    const db = createDataClient(URL_, KEY);
    await db.realtime.setAuth();
    const channel = db.channel('room');
    expect(db.getChannels()).toContain(channel);
    expect((await db.realtime.load()).endpointURL()).toMatch(
      /^ws:\/\/127\.0\.0\.1:54321\/realtime\/v1\/websocket\?apikey=anon-key/,
    );
    await db.removeChannel(channel);
    expect(db.getChannels()).toEqual([]);
  });
});
