import { format } from '~/i18n/format.ts';
import { documentLocale } from '~/i18n/locales.ts';
import { authStorageKey } from '~/lib/supabase/env.ts';
import { setFlash, takeFlash } from './flash.ts';
import { needsRefresh, readStoredSession } from './session.ts';
import { startSessionKeeper } from './session-keeper.ts';
import { $auth, type Role } from './store.ts';

/**
 * The header's user menu, without supabase-js: the session supabase-js stored is read directly
 * and the role comes from one PostgREST request. supabase-js is loaded only to refresh an expired
 * token or to sign out.
 */
export function initUserMenu(root: HTMLElement): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-user-toggle]');
  const panel = root.querySelector<HTMLElement>('#user-menu-panel');
  if (!toggle || !panel) return;

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => setOpen(panel.hidden));
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      setOpen(false);
      toggle.focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (!panel.hidden && !root.contains(event.target as Node)) setOpen(false);
  });
  root.querySelector('[data-logout]')?.addEventListener('click', () => void logout(root));

  $auth.subscribe((state) => {
    // Until the session is checked, the header stays as the first paint drew it from the stored
    // session (BaseLayout's inline script); then the sign-in link or the avatar and the bell.
    if (state.status === 'loading') return;
    const signedIn = state.status === 'signed-in';
    document.documentElement.dataset.session = signedIn ? 'in' : 'out';
    const role = signedIn ? state.profile?.role : undefined;
    updateTimelineAlchemyLinks(root, role);
    if (!signedIn) return;
    const name = state.profile?.displayName || state.email;
    const email = root.querySelector('[data-user-email]');
    const initial = root.querySelector('[data-user-initial]');
    if (email) email.textContent = state.email;
    if (initial) initial.textContent = name.trim().charAt(0).toUpperCase() || '?';
    toggle.setAttribute(
      'aria-label',
      format(root.dataset.labelTemplate ?? '', { email: state.email }, documentLocale()),
    );
  });

  // The live profile loads once someone is signed in: pages stay small for everyone else
  // (scripts/js-budget.ts measures them signed out).
  let member = false;
  $auth.subscribe((state) => {
    if (member || state.status !== 'signed-in') return;
    member = true;
    void import('./profile-live.ts').then((profile) => profile.initProfileLive());
  });
  const flash = takeFlash();
  // The toast code loads only when there is something to say (after a sign-in or sign-out).
  if (flash) void import('~/components/toast.ts').then(({ showToast }) => showToast(flash));
  void resolveAuth();
  // Token refresh before expiry, and other tabs signing in or out.
  startSessionKeeper({ onChange: () => void resolveAuth() });
}

function updateTimelineAlchemyLinks(root: HTMLElement, role: Role | undefined): void {
  const href =
    role === 'admin'
      ? root.dataset.taAdmin
      : role === 'client'
        ? root.dataset.taClient
        : root.dataset.taDefault;
  const entry = root.querySelector<HTMLElement>('[data-ta-entry]');
  if (entry) {
    entry.hidden = role !== 'admin' && role !== 'client';
    entry.querySelector('a')?.setAttribute('href', href ?? '');
  }
  document.querySelectorAll<HTMLAnchorElement>('[data-timeline-alchemy-link]').forEach((link) => {
    if (href) link.href = href;
  });
}

/** Works out who is signed in and publishes it in the $auth store. */
async function resolveAuth(): Promise<void> {
  let session = readStoredSession();
  if (session && needsRefresh(session)) {
    // Let supabase-js refresh (or discard) the session, then read what it stored.
    const { getSupabase } = await import('~/lib/supabase/client.ts');
    const client = await getSupabase();
    await client.auth.getSession();
    session = readStoredSession();
  }
  if (!session) {
    $auth.set({ status: 'signed-out' });
    return;
  }
  $auth.set({ status: 'signed-in', userId: session.userId, email: session.email, profile: null });
  const { fetchProfile } = await import('./profile-live.ts');
  const profile = await fetchProfile(session);
  const current = $auth.get();
  if (current.status === 'signed-in' && current.userId === session.userId) {
    $auth.set({ ...current, profile });
  }
}

async function logout(root: HTMLElement): Promise<void> {
  const { getSupabase } = await import('~/lib/supabase/client.ts');
  const client = await getSupabase();
  const { error } = await client.auth.signOut().catch((e: unknown) => ({ error: e }));
  // Logging out must work on this device even when the server cannot be reached.
  if (error) {
    try {
      localStorage.removeItem(authStorageKey());
    } catch {}
  }
  setFlash({ title: root.dataset.logoutMessage ?? '' });
  location.assign(root.dataset.home ?? '/');
}
