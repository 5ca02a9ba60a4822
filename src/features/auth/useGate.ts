import type { User } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { pageShown } from '~/lib/first-content.ts';
import { fullStyles } from '~/lib/full-styles.ts';
import { authEndedReason } from '~/lib/supabase/auth-ended.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { readWith } from '~/lib/supabase/early.ts';
import { roleAllows, signInUrl } from './gate.ts';
import { gateProfileRead } from './profile-read.ts';
import { readStoredSession } from './session.ts';
import { type Role, setAuth } from './store.ts';

type GateProfile = { role: Role; displayName: string; avatarUrl: string | null };

const loadClient = () => import('~/lib/supabase/client.ts').then((m) => m.getSupabase());
/**
 * With a stored session, the data client starts loading as soon as this module runs, while React
 * hydrates the page, rather than after the gate's first effect (issue 26: first content sooner).
 */
let clientLoad = typeof window !== 'undefined' && readStoredSession() ? loadClient() : undefined;
clientLoad?.catch(() => undefined);
export type Gate =
  | { status: 'loading' }
  | { status: 'redirecting' }
  | { status: 'error'; retry: () => void }
  | { status: 'forbidden'; profile: GateProfile }
  | { status: 'ready'; db: TypedSupabaseClient; user: User; profile: GateProfile };

/**
 * The one way a signed-in page is gated. Signed-out visitors go to `authPath?next=<here>` (the
 * auth form returns them); a signed-in person whose role is not in `role` gets `forbidden`.
 * This mirrors the database, which decides: RLS still refuses what the role may not read.
 */
export function useGate(authPath: string, role?: Role | Role[]): Gate {
  const [gate, setGate] = useState<Gate>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const roleKey = Array.isArray(role) ? role.join(',') : (role ?? '');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the gate on Try Again
  useEffect(() => {
    const required = roleKey ? (roleKey.split(',') as Role[]) : undefined;
    let cancelled = false;
    let unsubscribe = () => {};
    const redirect = () => {
      setGate({ status: 'redirecting' });
      location.replace(signInUrl(authPath, location.pathname + location.search + location.hash));
    };
    // No stored session: no need to download supabase-js to know the answer.
    if (!readStoredSession()) {
      redirect();
      return;
    }
    // A network failure is not "signed out": only an auth answer sends the visitor away.
    const signedOut = (error: { name?: string; status?: number | undefined } | null) =>
      !error ||
      error.name === 'AuthSessionMissingError' ||
      ((error.status ?? 0) >= 400 && (error.status ?? 0) < 500);
    (async () => {
      // The load started with this module (used once: Try Again loads anew), else now.
      const started = clientLoad;
      clientLoad = undefined;
      const db = await (started ?? loadClient());
      // The stored session, at once: getSession reads storage (and refreshes an expiring token
      // first), so the page renders without waiting for a round trip to the auth server.
      const { data: stored, error } = await db.auth.getSession();
      if (cancelled) return;
      const user = stored.session?.user;
      if (!user) {
        if (!signedOut(error)) throw error;
        redirect();
        return;
      }
      // The auth server's word, in the background: a session it no longer knows (signed out
      // elsewhere, revoked) takes the page down and goes to sign in. Until then the page shows only
      // what RLS answered to this very token, which its holder could read anyway.
      // With the token given, getUser holds no auth lock: the reads' getSession never wait for it.
      // Its answer is also the account as it is now: the stored copy is as old as the session (an
      // e-mail change confirmed elsewhere, a pending address), so the page takes the server's user.
      let refused = false;
      let current: User | undefined;
      let ready = false;
      void db.auth.getUser(stored.session?.access_token).then(
        ({ data, error: answer }) => {
          if (cancelled) return;
          if (data.user) {
            if (JSON.stringify(data.user) === JSON.stringify(user)) return;
            current = data.user;
            if (ready) showUser(data.user);
            return;
          }
          if (!signedOut(answer)) return;
          refused = true;
          redirect();
        },
        () => undefined,
      );
      // Started early by the page's inline script, in parallel with loading React and the client.
      type Row = { role: string; display_name: string | null; avatar_url: string | null };
      const [row] = await readWith<Row[]>(db, gateProfileRead(user.id));
      if (cancelled || refused) return;
      const profile: GateProfile = {
        role: (row?.role as Role | undefined) ?? 'member',
        displayName: row?.display_name ?? user.email ?? '',
        avatarUrl: row?.avatar_url ?? null,
      };
      const allowed = roleAllows(profile.role, required);
      // The page's content needs the full stylesheet (usually here long before): never drawn without it.
      await fullStyles();
      if (cancelled || refused) return;
      const showUser = (shown: User) => {
        setAuth({ status: 'signed-in', userId: shown.id, email: shown.email ?? '', profile });
        setGate(allowed ? { status: 'ready', db, user: shown, profile } : { status: 'forbidden', profile });
      };
      ready = true;
      showUser(current ?? user);
      // A session the server ended (a suspended member's refused refresh) sends the person to
      // /auth, which says why; an ordinary sign-out keeps its own way out.
      const { data: listener } = db.auth.onAuthStateChange((event) => {
        if (event === 'SIGNED_OUT' && authEndedReason() && !cancelled) redirect();
      });
      unsubscribe = () => listener.subscription.unsubscribe();
    })().catch(() => {
      if (!cancelled) setGate({ status: 'error', retry: () => setAttempt((n) => n + 1) });
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [authPath, roleKey, attempt]);

  // After the page's own effects (a child's run first): a page that sets no first-content mark of
  // its own has shown its first screen now (the header's counts wait for it: afterFirstScreen).
  useEffect(() => {
    if (gate.status !== 'loading') pageShown();
  }, [gate.status]);

  return gate;
}
