import { readStoredSession, type StoredSession } from './session.ts';

/*
 * Keeps the header's signed-in state true on a page left open, without loading supabase-js up
 * front (SPEC.md section 4: tokens refresh shortly before expiry; the profile reloads on any change
 * to that user's row).
 * - A timer fires when 90 s or less of the access token remain (or when the tab becomes visible
 *   again, since background timers are throttled); only then is supabase-js loaded, which
 *   refreshes the session, stores it and keeps refreshing it itself from then on.
 * - Other tabs signing in or out (storage events) re-read the session at once.
 * Profile changes (name, avatar, role) are followed by `profile-live.ts` through the header's one
 * refresh mechanism; this module opens no websocket of its own (one realtime client per page).
 */

/** Seconds before expiry at which the token is refreshed (SPEC.md section 9). */
export const REFRESH_MARGIN_S = 90;

/** Milliseconds until a session must be refreshed; 0 when it is due now. */
export function refreshDelayMs(session: Pick<StoredSession, 'expiresAt'>, nowMs = Date.now()): number {
  return Math.max(0, Math.min(2 ** 31 - 1, (session.expiresAt - REFRESH_MARGIN_S) * 1000 - nowMs));
}

type Keeper = { onChange: () => void };

/** Starts the refresh timer; `onChange` re-reads the stored session and profile. */
export function startSessionKeeper({ onChange }: Keeper): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let supabaseLoaded = false;

  const refresh = async () => {
    const { getSupabase } = await import('~/lib/supabase/client.ts');
    const client = await getSupabase();
    if (!supabaseLoaded) {
      supabaseLoaded = true;
      // From now on supabase-js refreshes by itself; every change it makes is re-read.
      client.auth.onAuthStateChange((event) => {
        if (event !== 'INITIAL_SESSION') setTimeout(sync, 0);
      });
    }
    await client.auth.getSession();
    sync();
  };

  const sync = () => {
    clearTimeout(timer);
    onChange();
    const session = readStoredSession();
    if (!session) return;
    const delay = refreshDelayMs(session);
    timer = setTimeout(() => void refresh().catch(() => sync()), delay);
  };

  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    const session = readStoredSession();
    if (session && refreshDelayMs(session) === 0) void refresh().catch(() => undefined);
  };
  document.addEventListener('visibilitychange', onVisible);
  const session = readStoredSession();
  if (session) timer = setTimeout(() => void refresh().catch(() => sync()), refreshDelayMs(session));
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.endsWith('-auth-token')) sync();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('storage', onStorage);
  };
}
