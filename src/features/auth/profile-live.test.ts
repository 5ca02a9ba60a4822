import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStorageKey } from '~/lib/supabase/env.ts';
import { refreshProfile } from './profile-live.ts';
import type { StoredSession } from './session.ts';
import { $auth } from './store.ts';

const member = { role: 'member' as const, displayName: 'Bram Peters', avatarUrl: null };

function signedInAs(userId: string) {
  const data = new Map([
    [
      authStorageKey(),
      JSON.stringify({ access_token: 't', expires_at: 2e9, user: { id: userId, email: 'b@x.nl' } }),
    ],
  ]);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => data.get(k) ?? null,
    removeItem: (k: string) => void data.delete(k),
  });
  $auth.set({ status: 'signed-in', userId, email: 'b@x.nl', profile: member });
}

describe('refreshProfile: the header’s re-read of the member’s own profile', () => {
  beforeEach(() => signedInAs('u1'));
  afterEach(() => vi.unstubAllGlobals());

  it('publishes a changed name or role in $auth, with the stored token', async () => {
    const read = vi.fn(async (_: StoredSession) => ({
      ...member,
      role: 'admin' as const,
      displayName: 'Zora',
    }));
    const key = await refreshProfile('u1', read);
    expect(read.mock.calls[0]?.[0]).toMatchObject({ userId: 'u1', accessToken: 't' });
    expect($auth.get()).toMatchObject({
      status: 'signed-in',
      profile: { role: 'admin', displayName: 'Zora' },
    });
    expect(key).toBe(JSON.stringify({ role: 'admin', displayName: 'Zora', avatarUrl: null }));
  });

  it('leaves $auth alone (no re-render) when nothing changed, and reports the same key', async () => {
    const listener = vi.fn();
    const unlisten = $auth.listen(listener);
    const first = await refreshProfile('u1', async () => ({ ...member }));
    const second = await refreshProfile('u1', async () => ({ ...member }));
    unlisten();
    expect(listener).not.toHaveBeenCalled();
    expect(first).toBe(second);
    expect(first).not.toBeNull();
  });

  it('keeps what the header shows when the profile cannot be read (offline, expired token)', async () => {
    expect(await refreshProfile('u1', async () => null)).toBeNull();
    expect($auth.get()).toMatchObject({ profile: member });
  });

  it('never applies a profile read for another member (signed out or switched in between)', async () => {
    const read = vi.fn(async () => ({ ...member, displayName: 'Someone else' }));
    expect(await refreshProfile('u2', read)).toBeNull();
    expect(read).not.toHaveBeenCalled();
    expect($auth.get()).toMatchObject({ profile: member });
  });
});
