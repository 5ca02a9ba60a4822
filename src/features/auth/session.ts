import { authStorageKey } from '~/lib/supabase/env.ts';

/** What the header needs to know about the signed-in person, without loading supabase-js. */
export type StoredSession = { userId: string; email: string; accessToken: string; expiresAt: number };

/**
 * Reads the session supabase-js persisted, validating its shape; anything unreadable counts as
 * signed out (and a corrupt value is removed so it cannot break the next page either).
 */
export function readStoredSession(
  storage: Pick<Storage, 'getItem' | 'removeItem'> = localStorage,
): StoredSession | null {
  const key = authStorageKey();
  let raw: string | null = null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as {
      access_token?: unknown;
      expires_at?: unknown;
      user?: { id?: unknown; email?: unknown };
    };
    const { access_token, expires_at, user } = value ?? {};
    if (
      typeof access_token === 'string' &&
      typeof expires_at === 'number' &&
      typeof user?.id === 'string' &&
      typeof user.email === 'string'
    ) {
      return { userId: user.id, email: user.email, accessToken: access_token, expiresAt: expires_at };
    }
  } catch {
    // fall through: not JSON
  }
  try {
    storage.removeItem(key);
  } catch {}
  return null;
}

/** True when the access token expires within the margin (seconds) and must be refreshed first. */
export function needsRefresh(session: StoredSession, nowSeconds = Date.now() / 1000, margin = 60): boolean {
  return session.expiresAt - nowSeconds <= margin;
}
