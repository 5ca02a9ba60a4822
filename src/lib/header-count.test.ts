import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countedLabel, memberCount, showCount } from './header-count.ts';

/** A stand-in for the auth store: the test moves it along (undefined: still loading, null: signed out). */
function signedIn() {
  const store = atom<{ status: string; userId?: string }>({ status: 'loading' });
  return {
    store,
    is: (userId: string | null | undefined) =>
      store.set(
        userId === undefined
          ? { status: 'loading' }
          : userId === null
            ? { status: 'signed-out' }
            : { status: 'signed-in', userId },
      ),
  };
}

describe('memberCount', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts with one HEAD request on the member’s path and token, and keeps the count', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 206, headers: { 'content-range': '*/7' } }));
    vi.stubGlobal('fetch', fetch);
    const count = memberCount({
      path: (id) => `messages?select=id&receiver_id=eq.${id}`,
      keep: () => () => {},
      session: () => ({ userId: 'u1', accessToken: 'tok-1' }),
      auth: signedIn().store,
    });
    expect(await count.refresh()).toBe(7);
    expect(count.$count.get()).toBe(7);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/rest\/v1\/messages\?select=id&receiver_id=eq\.u1$/);
    expect(init.method).toBe('HEAD');
    expect((init.headers as Record<string, string>)['authorization']).toBe('Bearer tok-1');
  });

  it('keeps the last count when it cannot read, and is 0 without a session', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 401 }));
    let stored: { userId: string; accessToken: string } | null = { userId: 'u1', accessToken: 't' };
    const count = memberCount({
      path: (id) => `n?r=${id}`,
      keep: () => () => {},
      session: () => stored,
      auth: signedIn().store,
    });
    count.set(4);
    expect(await count.refresh()).toBeNull();
    expect(count.$count.get()).toBe(4);
    stored = null;
    expect(await count.refresh()).toBe(0);
    expect(count.$count.get()).toBe(0);
  });

  it('fills the atom it is given (the one an island sets without loading the badge)', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(null, { status: 206, headers: { 'content-range': '*/2' } }),
    );
    const store = atom(9);
    const count = memberCount({
      path: () => 'm',
      keep: () => () => {},
      session: () => ({ userId: 'u', accessToken: 't' }),
      auth: signedIn().store,
      store,
    });
    expect(count.$count).toBe(store);
    await count.refresh();
    expect(store.get()).toBe(2);
  });

  it('never goes below 0', () => {
    const count = memberCount({
      path: () => '',
      keep: () => () => {},
      session: () => null,
      auth: signedIn().store,
    });
    count.set(-3);
    expect(count.$count.get()).toBe(0);
  });

  it('keeps the count fresh for the signed-in member only, restarting for another and stopping on sign-out', async () => {
    const started: string[] = [];
    const stopped: string[] = [];
    const auth = signedIn();
    const count = memberCount({
      path: () => '',
      keep: (userId) => {
        started.push(userId);
        return () => stopped.push(userId);
      },
      session: () => null,
      auth: auth.store,
    });
    await count.follow();
    expect(started).toEqual([]);
    auth.is('a');
    auth.is('a');
    expect(started).toEqual(['a']);
    count.set(5);
    auth.is('b');
    expect(started).toEqual(['a', 'b']);
    expect(stopped).toEqual(['a']);
    auth.is(null);
    expect(stopped).toEqual(['a', 'b']);
    expect(count.$count.get()).toBe(0);
  });

  it('starts only after what it is told to wait for (a signed-in page’s first content)', async () => {
    const started: string[] = [];
    const auth = signedIn();
    const count = memberCount({
      path: () => '',
      keep: (userId) => {
        started.push(userId);
        return () => {};
      },
      session: () => null,
      auth: auth.store,
    });
    let firstContent = () => {};
    const following = count.follow(new Promise<void>((resolve) => (firstContent = resolve)));
    auth.is('a');
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([]);
    firstContent();
    await following;
    expect(started).toEqual(['a']);
  });

  it('leaves the count alone while the session is still loading', async () => {
    const auth = signedIn();
    const count = memberCount({
      path: () => '',
      keep: () => () => {},
      session: () => null,
      auth: auth.store,
    });
    count.set(3);
    await count.follow();
    auth.is(undefined);
    expect(count.$count.get()).toBe(3);
  });
});

describe('showCount and countedLabel', () => {
  it('hides a badge at 0 and caps it at 99+', () => {
    const badge = { hidden: false, textContent: '' } as HTMLElement;
    showCount(badge, 0);
    expect(badge.hidden).toBe(true);
    showCount(badge, 100);
    expect([badge.hidden, badge.textContent]).toEqual([false, '99+']);
    showCount(badge, 99);
    expect(badge.textContent).toBe('99');
  });

  it('picks the language’s plural form', () => {
    const forms = { one: '{count} bericht', other: '{count} berichten' };
    expect(countedLabel(forms, 'nl', 1)).toBe('{count} bericht');
    expect(countedLabel(forms, 'nl', 2)).toBe('{count} berichten');
    expect(countedLabel({ one: undefined, other: undefined }, 'de', 2)).toBe('{count}');
  });
});
