import { afterFirstScreen } from '~/lib/after-first-content.ts';
import { supabaseAnonKey, supabaseUrl } from '~/lib/supabase/env.ts';
import { type LiveRefreshDeps, startLiveRefresh } from '~/lib/supabase/live-refresh.ts';
import { gateProfileRead } from './profile-read.ts';
import { readStoredSession, type StoredSession } from './session.ts';
import { $auth, type AuthState, type Role } from './store.ts';

/**
 * Keeps the header's name, avatar and role (Timeline Alchemy entry) true on a page left open, for
 * a change made elsewhere (the member in another tab, an admin changing their role), through the
 * header's one refresh mechanism (`startLiveRefresh`, shared with the unread badge):
 * - pages that load supabase-js anyway: a postgres_changes subscription on the member's own
 *   profile row through the page's one client, so a change shows at once;
 * - every other page: the profile is re-read with one small PostgREST GET when the tab shows again
 *   (or gets focus) and, while it is visible, every 30 s backing off to 5 min while nothing changes
 *   (profile changes are rare). No websocket and no supabase-js there.
 */
const PROFILE_POLL_FIRST_MS = 30_000;
const PROFILE_POLL_MAX_MS = 300_000;
const BACKOFF = 2;

type Profile = NonNullable<Extract<AuthState, { status: 'signed-in' }>['profile']>;

/** The member's own profile row as the header shows it; null when it could not be read. */
export async function fetchProfile(session: StoredSession): Promise<Profile | null> {
  // A signed-in page's gate reads it with the page's first content: the header asks after that.
  await afterFirstScreen();
  try {
    // The gate's read (one definition). Not through early.ts: this runs on every page, and content
    // pages must not load it; the gate takes the signed-in page's early answer.
    const response = await fetch(`${supabaseUrl}/rest/v1/${gateProfileRead(session.userId).path}`, {
      headers: { apikey: supabaseAnonKey, authorization: `Bearer ${session.accessToken}` },
    });
    if (!response.ok) return null;
    const rows = (await response.json()) as Array<{
      role?: string;
      display_name?: string;
      avatar_url?: string | null;
    }>;
    const row = rows[0];
    if (!row) return null;
    const role: Role = row.role === 'admin' || row.role === 'client' ? row.role : 'member';
    return { role, displayName: row.display_name ?? '', avatarUrl: row.avatar_url ?? null };
  } catch {
    return null;
  }
}

/**
 * Re-reads `userId`'s profile and publishes it in $auth when it changed (no flash of a signed-out
 * or nameless header in between); resolves with a key of what it read (null: could not read).
 */
export async function refreshProfile(userId: string, read = fetchProfile): Promise<string | null> {
  const session = readStoredSession();
  if (!session || session.userId !== userId) return null;
  const profile = await read(session);
  if (!profile) return null;
  const key = JSON.stringify(profile);
  const current = $auth.get();
  if (
    current.status === 'signed-in' &&
    current.userId === userId &&
    JSON.stringify(current.profile) !== key
  ) {
    $auth.set({ ...current, profile });
  }
  return key;
}

/** Starts keeping `userId`'s profile fresh in $auth; the returned function stops it. */
function startProfileLive(userId: string, deps?: LiveRefreshDeps): () => void {
  return startLiveRefresh(
    {
      refresh: () => refreshProfile(userId),
      watch: { table: 'profiles', filter: `user_id=eq.${userId}` },
      firstMs: PROFILE_POLL_FIRST_MS,
      maxMs: PROFILE_POLL_MAX_MS,
      backoff: BACKOFF,
    },
    deps,
  );
}

/**
 * Follows who is signed in: one profile keeper per member, stopped on sign-out; on a signed-in
 * page from its first content on.
 */
export async function initProfileLive(): Promise<void> {
  await afterFirstScreen();
  let watching: string | null = null;
  let stop: (() => void) | undefined;
  $auth.subscribe((state) => {
    const now = state.status === 'signed-in' ? state.userId : null;
    if (now === watching) return;
    stop?.();
    stop = undefined;
    watching = now;
    if (now) stop = startProfileLive(now);
  });
}
