import { describe, expect, it } from 'vitest';
import { en } from '~/i18n/dictionaries/index.ts';
import { authStorageKey } from '~/lib/supabase/env.ts';
import { ERROR_CODES } from '~/lib/supabase/errors.ts';
import { takeFlash } from './flash.ts';
import { needsRefresh, readStoredSession } from './session.ts';
import { timelineAlchemyPath } from './store.ts';

function memoryStorage(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    removeItem: (k: string) => void data.delete(k),
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('readStoredSession', () => {
  const key = authStorageKey('http://127.0.0.1:54321');
  it('uses the key supabase-js stores its session under', () => {
    expect(key).toBe('sb-127-auth-token');
    expect(authStorageKey('https://abcd.supabase.co')).toBe('sb-abcd-auth-token');
  });

  it('reads a session supabase-js stored', () => {
    const storage = memoryStorage({
      [key]: JSON.stringify({ access_token: 'jwt', expires_at: 2000, user: { id: 'u1', email: 'a@b.nl' } }),
    });
    expect(readStoredSession(storage)).toEqual({
      userId: 'u1',
      email: 'a@b.nl',
      accessToken: 'jwt',
      expiresAt: 2000,
    });
  });

  it.each([
    'not json',
    '{"access_token":5}',
    'null',
    '[]',
    '{"access_token":"t","expires_at":1,"user":{"id":"u"}}',
  ])('treats %s as signed out and removes it', (raw) => {
    const storage = memoryStorage({ [key]: raw });
    expect(readStoredSession(storage)).toBeNull();
    expect(storage.data.has(key)).toBe(false);
  });

  it('asks for a refresh shortly before expiry', () => {
    const session = { userId: 'u', email: 'e', accessToken: 't', expiresAt: 1000 };
    expect(needsRefresh(session, 900)).toBe(false);
    expect(needsRefresh(session, 950)).toBe(true);
  });
});

describe('timelineAlchemyPath', () => {
  it('leads each role to its own start page (SPEC.md Navigation)', () => {
    expect(timelineAlchemyPath('admin')).toBe('/timeline-alchemy/admin/dashboard');
    expect(timelineAlchemyPath('client')).toBe('/timeline-alchemy/client/my-previews');
    expect(timelineAlchemyPath('member')).toBe('/timeline-alchemy');
    expect(timelineAlchemyPath(undefined)).toBe('/timeline-alchemy');
  });
});

describe('error catalogue', () => {
  it('has a translated message for every error code the Supabase layer can return', () => {
    const missing = ERROR_CODES.filter((code) => !(`error.${code}` in en));
    expect(missing).toEqual([]);
  });
});

describe('takeFlash', () => {
  it('returns a stored message once and drops corrupt values', () => {
    const storage = memoryStorage({ flash: JSON.stringify({ title: 'Hi' }) });
    Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });
    expect(takeFlash()).toEqual({ title: 'Hi' });
    expect(takeFlash()).toBeNull();
    storage.setItem('flash', '{broken');
    expect(takeFlash()).toBeNull();
  });
});
