import type { User } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { authEndedReason } from '~/lib/supabase/auth-ended.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { readWith } from '~/lib/supabase/early.ts';
import { roleAllows, signInUrl } from './gate.ts';
import { gateProfileRead } from './profile-read.ts';
import { readStoredSession } from './session.ts';
import { type Role, setAuth } from './store.ts';

type GateProfile = { role: Role; displayName: string; avatarUrl: string | null };
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
    (async () => {
      const { getSupabase } = await import('~/lib/supabase/client.ts');
      const db = await getSupabase();
      const { data, error } = await db.auth.getUser();
      if (cancelled) return;
      if (error || !data.user) {
        // A network failure is not "signed out": only an auth answer sends the visitor away.
        const status = error?.status ?? 0;
        const signedOut =
          !error || error.name === 'AuthSessionMissingError' || (status >= 400 && status < 500);
        if (!signedOut) throw error;
        redirect();
        return;
      }
      // Started early by the page's inline script, in parallel with loading React and the client.
      type Row = { role: string; display_name: string | null; avatar_url: string | null };
      const [row] = await readWith<Row[]>(db, gateProfileRead(data.user.id));
      if (cancelled) return;
      const profile: GateProfile = {
        role: (row?.role as Role | undefined) ?? 'member',
        displayName: row?.display_name ?? data.user.email ?? '',
        avatarUrl: row?.avatar_url ?? null,
      };
      setAuth({ status: 'signed-in', userId: data.user.id, email: data.user.email ?? '', profile });
      const allowed = roleAllows(profile.role, required);
      setGate(allowed ? { status: 'ready', db, user: data.user, profile } : { status: 'forbidden', profile });
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

  return gate;
}
