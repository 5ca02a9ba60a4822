import { atom } from 'nanostores';

export type Role = 'admin' | 'client' | 'member';
export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in';
      userId: string;
      email: string;
      profile: { role: Role; displayName: string; avatarUrl: string | null } | null;
    };

/**
 * Who is signed in, shared by every island and the header (React context does not cross islands):
 * a nanostores atom, the one cross-island state mechanism (the cart's stores are nanostores too).
 * A React island reads it with `useStore($auth)` from @nanostores/react.
 */
export const $auth = atom<AuthState>({ status: 'loading' });

/** Records the current auth state; islands call this after their own supabase-js session checks. */
export function setAuth(state: AuthState): void {
  $auth.set(state);
}

/** Where a role's Timeline Alchemy entry leads (SPEC.md "Navigation"); unlocalized path. */
export function timelineAlchemyPath(role: Role | undefined): string {
  if (role === 'admin') return '/timeline-alchemy/admin/dashboard';
  if (role === 'client') return '/timeline-alchemy/client/my-previews';
  return '/timeline-alchemy';
}
