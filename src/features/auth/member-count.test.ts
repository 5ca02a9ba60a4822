import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStorageKey } from '~/lib/supabase/env.ts';
import { countedLabel, memberCount, showCount } from './member-count.ts';
import { $auth } from './store.ts';

const member = (userId: string) =>
  ({ status: 'signed-in', userId, email: `${userId}@example.com`, profile: null }) as const;

function storeSession(userId: string, token: string) {
  const items = new Map([
    [
      authStorageKey(),
      JSON.stringify({ access_token: token, expires_at: 4e9, user: { id: userId, email: 'x@y' } }),
    ],
  ]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    removeItem: (key: string) => items.delete(key),
  });
}

describe('memberCount', () => {
  beforeEach(() => $auth.set({ status: 'loading' }));
  afterEach(() => vi.unstubAllGlobals());

  it('counts with one HEAD request on the member’s path and token, and keeps the count', async () => {
    storeSession('u1', 'tok-1');
    const fetch = vi.fn(async () => new Response(null, { status: 206, headers: { 'content-range': '*/7' } }));
    vi.stubGlobal('fetch', fetch);
    const count = memberCount(
      (id) => `messages?select=id&receiver_id=eq.${id}`,
      () => () => {},
    );
    expect(await count.refresh()).toBe(7);
    expect(count.$count.get()).toBe(7);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/rest\/v1\/messages\?select=id&receiver_id=eq\.u1$/);
    expect(init.method).toBe('HEAD');
    expect((init.headers as Record<string, string>)['authorization']).toBe('Bearer tok-1');
  });

  it('keeps the last count when it cannot read, and is 0 without a session', async () => {
    storeSession('u1', 'tok-1');
    vi.stubGlobal('fetch', async () => new Response(null, { status: 401 }));
    const count = memberCount(
      (id) => `n?r=${id}`,
      () => () => {},
    );
    count.set(4);
    expect(await count.refresh()).toBeNull();
    expect(count.$count.get()).toBe(4);
    vi.stubGlobal('localStorage', { getItem: () => null, removeItem: () => {} });
    expect(await count.refresh()).toBe(0);
    expect(count.$count.get()).toBe(0);
  });

  it('never goes below 0', () => {
    const count = memberCount(
      () => '',
      () => () => {},
    );
    count.set(-3);
    expect(count.$count.get()).toBe(0);
  });

  it('keeps the count fresh for the signed-in member only, restarting for another and stopping on sign-out', () => {
    const started: string[] = [];
    const stopped: string[] = [];
    const count = memberCount(
      () => '',
      (userId) => {
        started.push(userId);
        return () => stopped.push(userId);
      },
    );
    count.follow();
    expect(started).toEqual([]);
    $auth.set(member('a'));
    $auth.set(member('a'));
    expect(started).toEqual(['a']);
    count.set(5);
    $auth.set(member('b'));
    expect(started).toEqual(['a', 'b']);
    expect(stopped).toEqual(['a']);
    $auth.set({ status: 'signed-out' });
    expect(stopped).toEqual(['a', 'b']);
    expect(count.$count.get()).toBe(0);
  });

  it('leaves the count alone while the session is still loading', () => {
    const count = memberCount(
      () => '',
      () => () => {},
    );
    count.set(3);
    count.follow();
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
