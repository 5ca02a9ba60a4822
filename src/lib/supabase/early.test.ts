import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ADDRESS_ID,
  clearEarlyReads,
  earlyScript,
  MARGIN_S,
  ME,
  type RestRead,
  readRest,
  restRequest,
} from './early.ts';
import { authStorageKey } from './env.ts';

const key = authStorageKey();
const me = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';
const now = 1_800_000_000;

const feed = (user: string): RestRead => ({ path: `posts?select=id&mine.user_id=eq.${user}&limit=20` });
const thread = (user: string): RestRead => ({
  path: 'rpc/thread_messages',
  body: { other: user, max_rows: 30 },
});
const count = (user: string): RestRead => ({
  path: `messages?select=id&receiver_id=eq.${user}`,
  count: true,
});

type Sent = [string, RequestInit];

/** Runs the exact inline script of the page in a fake browser; answers what it fetched. */
function runInline(reads: RestRead[], session: unknown, address = '/community') {
  const sent: Sent[] = [];
  const win: { __earlyReads?: Record<string, { t: string; p: Promise<Response> }> } = {};
  const url = new URL(address, 'https://site.test');
  const storage = { getItem: (k: string) => (k === key && session ? JSON.stringify(session) : null) };
  const fetchStub = (input: string, init: RequestInit) => {
    sent.push([input, init]);
    return Promise.resolve(new Response('[]'));
  };
  new Function('localStorage', 'location', 'window', 'fetch', 'Date', earlyScript(reads, key))(
    storage,
    url,
    win,
    fetchStub,
    { now: () => now * 1000 },
  );
  return { sent, registry: win.__earlyReads };
}

describe('the inline script warms the language’s date data while the browser is idle', () => {
  const warmRun = (intlLocale: string | undefined, idle: boolean) => {
    const scheduled: Array<() => void> = [];
    const win = idle ? { requestIdleCallback: (fn: () => void) => scheduled.push(fn) } : {};
    const storage = { getItem: () => JSON.stringify(session(3600)) };
    new Function('localStorage', 'location', 'window', 'fetch', 'Date', earlyScript(reads, key, intlLocale))(
      storage,
      new URL('/community', 'https://site.test'),
      win,
      () => Promise.resolve(new Response('[]')),
      { now: () => now * 1000 },
    );
    return scheduled;
  };
  const reads: RestRead[] = [{ path: 'posts?select=id' }];

  it('makes one formatter of the page’s locale when idle, not before', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const scheduled = warmRun('de-DE', true);
    expect(scheduled).toHaveLength(1);
    expect(made).not.toHaveBeenCalled();
    scheduled[0]?.();
    expect(made).toHaveBeenCalledWith('de-DE');
    made.mockRestore();
  });

  it('nothing without a locale, or in a browser without requestIdleCallback', () => {
    expect(warmRun(undefined, true)).toEqual([]);
    expect(() => warmRun('nl-NL', false)).not.toThrow();
  });
});

const session = (expiresIn: number, user = me) => ({
  access_token: `token-of-${user}`,
  expires_at: now + expiresIn,
  user: { id: user, email: 'a@b.test' },
});

afterEach(() => {
  clearEarlyReads();
  vi.unstubAllGlobals();
});

describe('the inline early start', () => {
  it('sends, with the stored token, exactly the request the data module would send', () => {
    const { sent, registry } = runInline(
      [feed(ME), count(ME), thread(ADDRESS_ID)],
      session(3600),
      `/messages/${other}`,
    );
    const expected = [feed(me), count(me), thread(other)].map((read) => restRequest(read, `token-of-${me}`));
    expect(sent).toEqual(expected.map(([, url, init]) => [url, init]));
    expect(Object.keys(registry ?? {})).toEqual(expected.map(([k]) => k));
    expect(registry?.[expected[0]?.[0] ?? '']?.t).toBe(`token-of-${me}`);
  });

  it('takes the id from ?id= as well, and skips reads that need an id the address lacks', () => {
    expect(
      runInline([thread(ADDRESS_ID)], session(3600), `/ta/wizard?id=${other}`).sent[0]?.[1].body,
    ).toContain(other);
    const { sent } = runInline([feed(ME), thread(ADDRESS_ID)], session(3600), '/messages');
    expect(sent.map(([url]) => url)).toEqual([restRequest(feed(me), 'x')[1]]);
  });

  it('starts nothing with a token about to expire, an expired one, or no session', () => {
    expect(runInline([feed(ME)], session(MARGIN_S)).sent).toEqual([]);
    expect(runInline([feed(ME)], session(-10)).sent).toEqual([]);
    expect(runInline([feed(ME)], null).sent).toEqual([]);
    expect(runInline([feed(ME)], { access_token: 'x' }).sent).toEqual([]);
    // A token valid for longer than the margin is used.
    expect(runInline([feed(ME)], session(MARGIN_S + 5)).sent).toHaveLength(1);
  });

  it('is nothing at all on a page without early reads', () => {
    expect(earlyScript([], key)).toBe('');
  });
});

describe('readRest', () => {
  it('hands out an early answer once, and only for the token it was made with', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response('"late"'));
    });
    const [k] = restRequest(feed(me), 'token-a');
    const early = () => ({ t: 'token-a', p: Promise.resolve(new Response('"early"')) });
    (globalThis as { __earlyReads?: unknown }).__earlyReads = { [k]: early() };
    expect(await (await readRest(feed(me), 'token-a')).json()).toBe('early');
    expect(fetched).toEqual([]);
    // Taken: the next read is a request of its own.
    expect(await (await readRest(feed(me), 'token-a')).json()).toBe('late');
    // Another token (another member, a refreshed session) never gets it.
    (globalThis as { __earlyReads?: unknown }).__earlyReads = { [k]: early() };
    expect(await (await readRest(feed(me), 'token-b')).json()).toBe('late');
    // Signed out: nothing left to hand out.
    (globalThis as { __earlyReads?: unknown }).__earlyReads = { [k]: early() };
    clearEarlyReads();
    expect(await (await readRest(feed(me), 'token-a')).json()).toBe('late');
    expect(fetched).toHaveLength(3);
  });

  it('makes the read itself when the early one failed', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('"late"')));
    const [k] = restRequest(feed(me), 'token-a');
    (globalThis as { __earlyReads?: unknown }).__earlyReads = {
      [k]: { t: 'token-a', p: Promise.reject(new TypeError('offline')) },
    };
    expect(await (await readRest(feed(me), 'token-a')).json()).toBe('late');
  });
});
