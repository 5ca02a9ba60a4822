import { supabaseAnonKey, supabaseUrl } from '~/lib/supabase/env.ts';
import { readStoredSession, type StoredSession } from './session.ts';

/*
 * Keeps the header's signed-in state true on a page left open, without loading supabase-js up
 * front (SPEC.md section 4: tokens refresh shortly before expiry; the profile reloads on any change
 * to that user's row).
 * - A timer fires when 90 s or less of the access token remain (or when the tab becomes visible
 *   again, since background timers are throttled); only then is supabase-js loaded, which
 *   refreshes the session, stores it and keeps refreshing it itself from then on.
 * - A small Realtime socket (the Phoenix protocol supabase-js speaks) listens for changes to the
 *   member's own profile row, so a new name or role shows without a reload.
 */

/** Seconds before expiry at which the token is refreshed (SPEC.md section 9). */
export const REFRESH_MARGIN_S = 90;
const HEARTBEAT_MS = 25_000;
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/** Milliseconds until a session must be refreshed; 0 when it is due now. */
export function refreshDelayMs(session: Pick<StoredSession, 'expiresAt'>, nowMs = Date.now()): number {
  return Math.max(0, Math.min(2 ** 31 - 1, (session.expiresAt - REFRESH_MARGIN_S) * 1000 - nowMs));
}

/** The join frame for the member's own profile row (Phoenix vsn 2.0.0 array frame). */
export function profileJoinFrame(userId: string, accessToken: string, ref: string): unknown[] {
  return [
    ref,
    ref,
    `realtime:header-profile-${userId}`,
    'phx_join',
    {
      config: {
        broadcast: { ack: false, self: false },
        presence: { key: '', enabled: false },
        postgres_changes: [
          { event: '*', schema: 'public', table: 'profiles', filter: `user_id=eq.${userId}` },
        ],
        private: false,
      },
      access_token: accessToken,
    },
  ];
}

type Keeper = { onChange: () => void };

/** Starts the timer and the profile watch; `onChange` re-reads the stored session and profile. */
export function startSessionKeeper({ onChange }: Keeper): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let supabaseLoaded = false;
  let watch: ProfileWatch | undefined;

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
    if (!session) {
      watch?.close();
      watch = undefined;
      return;
    }
    if (watch && watch.userId !== session.userId) {
      watch.close();
      watch = undefined;
    }
    watch ??= watchProfile(session, onChange);
    watch.setToken(session.accessToken);
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
  if (session) {
    watch = watchProfile(session, onChange);
    timer = setTimeout(() => void refresh().catch(() => sync()), refreshDelayMs(session));
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.endsWith('-auth-token')) sync();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    clearTimeout(timer);
    watch?.close();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('storage', onStorage);
  };
}

type ProfileWatch = { userId: string; setToken: (token: string) => void; close: () => void };

/** A Realtime subscription to one profile row; calls `onChange` on every change to it. */
function watchProfile(session: StoredSession, onChange: () => void): ProfileWatch {
  let token = session.accessToken;
  let socket: WebSocket | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let closed = false;
  let ref = 0;
  let joinRef = '';
  const topic = `realtime:header-profile-${session.userId}`;
  const url = `${supabaseUrl.replace(/^http/, 'ws').replace(/\/+$/, '')}/realtime/v1/websocket?apikey=${encodeURIComponent(supabaseAnonKey)}&vsn=2.0.0`;

  const connect = () => {
    if (closed || typeof WebSocket === 'undefined') return;
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      attempts = 0;
      joinRef = String(++ref);
      ws.send(JSON.stringify(profileJoinFrame(session.userId, token, joinRef)));
      heartbeat = setInterval(() => {
        ws.send(JSON.stringify([null, String(++ref), 'phoenix', 'heartbeat', {}]));
      }, HEARTBEAT_MS);
    });
    ws.addEventListener('message', (message) => {
      try {
        const frame = JSON.parse(String(message.data)) as unknown[];
        if (frame[2] === topic && frame[3] === 'postgres_changes') onChange();
      } catch {}
    });
    ws.addEventListener('close', () => {
      clearInterval(heartbeat);
      if (closed) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(attempts++, RECONNECT_DELAYS_MS.length - 1)];
      retry = setTimeout(connect, delay);
    });
  };
  connect();
  return {
    userId: session.userId,
    setToken(next) {
      if (next === token) return;
      token = next;
      if (socket?.readyState === WebSocket.OPEN)
        socket.send(JSON.stringify([joinRef, String(++ref), topic, 'access_token', { access_token: next }]));
    },
    close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      socket?.close();
    },
  };
}
