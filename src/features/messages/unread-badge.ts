import { atom } from 'nanostores';
import { readStoredSession } from '~/features/auth/session.ts';
import { $auth } from '~/features/auth/store.ts';
import { supabaseAnonKey, supabaseUrl } from '~/lib/supabase/env.ts';

/**
 * The header's unread-messages badge, without supabase-js: one counting PostgREST request (HEAD,
 * Prefer: count=exact, on the partial index of unread messages per receiver). The messages page
 * sets the count live through `setUnread`; other pages refresh it when the tab regains focus.
 */
export const $unread = atom<number>(0);

/** Called by islands that know the count already (the messages page, from its live list). */
export function setUnread(count: number): void {
  $unread.set(Math.max(0, count));
}

/** Parses PostgREST's Content-Range ("0-0/12" or "* /0" without the space) into the total. */
export function totalFromContentRange(header: string | null): number | null {
  const total = header?.split('/')[1];
  const n = total === undefined ? Number.NaN : Number(total);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

export async function refreshUnread(): Promise<void> {
  const session = readStoredSession();
  if (!session) return setUnread(0);
  try {
    const response = await fetch(
      `${supabaseUrl}/rest/v1/messages?select=id&read=is.false&receiver_id=eq.${encodeURIComponent(session.userId)}`,
      {
        method: 'HEAD',
        headers: {
          apikey: supabaseAnonKey,
          authorization: `Bearer ${session.accessToken}`,
          prefer: 'count=exact',
        },
      },
    );
    const total = response.ok ? totalFromContentRange(response.headers.get('content-range')) : null;
    if (total !== null) setUnread(total);
  } catch {
    // Offline: keep the last known count.
  }
}

/** Wires the badge elements inside the user menu (`[data-unread-badge]`, `[data-unread-text]`). */
export function initUnreadBadge(root: HTMLElement): void {
  const badges = root.querySelectorAll<HTMLElement>('[data-unread-badge]');
  const text = root.querySelector<HTMLElement>('[data-unread-text]');
  const label = root.dataset.unreadLabel ?? '{count}';
  const render = (count: number) => {
    for (const badge of badges) {
      badge.hidden = count === 0;
      badge.textContent = count > 99 ? '99+' : String(count);
    }
    if (text) text.textContent = count === 0 ? '' : label.replace('{count}', String(count));
  };
  $unread.subscribe(render);
  let signedIn = false;
  $auth.subscribe((state) => {
    const now = state.status === 'signed-in';
    if (now && !signedIn) void refreshUnread();
    if (!now && state.status !== 'loading') setUnread(0);
    signedIn = now;
  });
  const refreshIfSignedIn = () => {
    if (signedIn && document.visibilityState === 'visible') void refreshUnread();
  };
  window.addEventListener('focus', refreshIfSignedIn);
  document.addEventListener('visibilitychange', refreshIfSignedIn);
}
