import { describe, expect, it } from 'vitest';
import { authStorageKey } from '~/lib/supabase/env.ts';
import { roleAllows, signInUrl } from './gate.ts';
import { safeNext } from './next-path.ts';
import { needsRefresh, readStoredSession } from './session.ts';

/* Both sides of the limits of the sign-in return address and of the stored session. */

describe('safeNext limits', () => {
  it('keeps a path of 2000 characters, refuses 2001', () => {
    const path = (length: number) => `/${'a'.repeat(length - 1)}`;
    expect(safeNext(path(2000), '/f')).toBe(path(2000));
    expect(safeNext(path(2001), '/f')).toBe('/f');
  });

  it('refuses every control character, keeps a space (the first printable one)', () => {
    expect(safeNext('/a\u001fb', '/f')).toBe('/f');
    expect(safeNext('/a\u0000b', '/f')).toBe('/f');
    expect(safeNext('/a\nb', '/f')).toBe('/f');
    expect(safeNext('/a b', '/f')).toBe('/a%20b');
  });

  it('refuses the sign-in page itself in any form, keeps pages that only start like it', () => {
    for (const next of ['/auth', '/auth/', '/auth//', '/de/auth?next=/x', '/en/auth#tab']) {
      expect(safeNext(next, '/f'), next).toBe('/f');
    }
    expect(safeNext('/authors', '/f')).toBe('/authors');
    expect(safeNext('/auth/x', '/f')).toBe('/auth/x');
    expect(safeNext('/blog/oauth-guide', '/f')).toBe('/blog/oauth-guide');
  });

  it('refuses only a leading double slash, not one later in the path', () => {
    expect(safeNext('/a//', '/f')).toBe('/a//');
    expect(safeNext('/a//b', '/f')).toBe('/a//b');
  });

  it('normalises the path it keeps and answers it with search and hash', () => {
    expect(safeNext('/a/../b?x=1#y', '/f')).toBe('/b?x=1#y');
    expect(safeNext('/', '/f')).toBe('/');
  });

  it('refuses a path that only looks local after URL parsing', () => {
    expect(safeNext('/%2F%2Fevil.example', '/f')).toBe('/%2F%2Fevil.example');
    expect(safeNext('http:/evil.example', '/f')).toBe('/f');
  });

  it('builds the sign-in address with the current address encoded', () => {
    expect(signInUrl('/auth', '/community?tab=a&b=c#post-1')).toBe(
      '/auth?next=%2Fcommunity%3Ftab%3Da%26b%3Dc%23post-1',
    );
  });

  it('lets any signed-in role in when nothing is required, also for an empty list none', () => {
    expect(roleAllows('member', undefined)).toBe(true);
    expect(roleAllows('admin', [])).toBe(false);
  });
});

describe('needsRefresh', () => {
  const session = { userId: 'u', email: 'e', accessToken: 't', expiresAt: 1000 };

  it('refreshes with 60 seconds or less left by default, not with 61', () => {
    expect(needsRefresh(session, 939)).toBe(false);
    expect(needsRefresh(session, 940)).toBe(true);
    expect(needsRefresh(session, 1000)).toBe(true);
    expect(needsRefresh(session, 2000)).toBe(true);
  });

  it('uses the margin it is given', () => {
    expect(needsRefresh(session, 909, 90)).toBe(false);
    expect(needsRefresh(session, 910, 90)).toBe(true);
  });

  it('compares with the current time when no time is given', () => {
    const now = Date.now() / 1000;
    expect(needsRefresh({ ...session, expiresAt: now + 3600 })).toBe(false);
    expect(needsRefresh({ ...session, expiresAt: now + 30 })).toBe(true);
  });
});

describe('readStoredSession without usable storage', () => {
  const key = authStorageKey();
  const value = JSON.stringify({ access_token: 'jwt', expires_at: 5, user: { id: 'u', email: 'a@b.nl' } });

  it('counts storage that throws as signed out', () => {
    const storage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => {},
    };
    expect(readStoredSession(storage)).toBeNull();
  });

  it('counts a missing or empty value as signed out without touching storage', () => {
    const removed: string[] = [];
    const storage = (raw: string | null) => ({
      getItem: () => raw,
      removeItem: (k: string) => void removed.push(k),
    });
    expect(readStoredSession(storage(null))).toBeNull();
    expect(readStoredSession(storage(''))).toBeNull();
    expect(removed).toEqual([]);
  });

  it('reads the session under the key supabase-js uses', () => {
    const asked: string[] = [];
    const storage = {
      getItem: (k: string) => {
        asked.push(k);
        return value;
      },
      removeItem: () => {},
    };
    expect(readStoredSession(storage)).toEqual({
      userId: 'u',
      email: 'a@b.nl',
      accessToken: 'jwt',
      expiresAt: 5,
    });
    expect(asked).toEqual([key]);
  });

  it.each([
    ['expires_at as text', { access_token: 'jwt', expires_at: '5', user: { id: 'u', email: 'e' } }],
    ['no user', { access_token: 'jwt', expires_at: 5 }],
    ['a numeric user id', { access_token: 'jwt', expires_at: 5, user: { id: 1, email: 'e' } }],
    ['no e-mail', { access_token: 'jwt', expires_at: 5, user: { id: 'u' } }],
    ['no access token', { expires_at: 5, user: { id: 'u', email: 'e' } }],
  ])('refuses a session with %s and removes it', (_name, stored) => {
    const removed: string[] = [];
    const storage = {
      getItem: () => JSON.stringify(stored),
      removeItem: (k: string) => void removed.push(k),
    };
    expect(readStoredSession(storage)).toBeNull();
    expect(removed).toEqual([key]);
  });

  it('still answers signed out when removing the corrupt value fails', () => {
    const storage = {
      getItem: () => '{broken',
      removeItem: () => {
        throw new Error('read-only');
      },
    };
    expect(readStoredSession(storage)).toBeNull();
  });
});
