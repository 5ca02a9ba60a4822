import { atom } from 'nanostores';
import { $auth, readStoredSession } from '~/features/auth/index.ts';
import { format } from '~/i18n/format.ts';
import { documentLocale } from '~/i18n/locales.ts';
import { pluralForm } from '~/i18n/plural-form.ts';
import { headCount } from '~/lib/supabase/head-count.ts';
import { browserDeps } from '~/lib/supabase/live-refresh.ts';
import { startUnreadLive } from './unread-live.ts';
import { unreadMessagesRead } from './unread-read.ts';

/**
 * The header's unread-messages badge, without supabase-js: one counting PostgREST request (HEAD,
 * Prefer: count=exact, on the partial index of unread messages per receiver), kept fresh on every
 * page by `startUnreadLive` (live channel where supabase-js is loaded anyway, polling elsewhere).
 * The messages page also sets the count from its live list through `setUnread`.
 */
const $unread = atom<number>(0);

/** Called by islands that know the count already (the messages page, from its live list). */
export function setUnread(count: number): void {
  $unread.set(Math.max(0, count));
}

/** Re-counts the signed-in member's unread messages; resolves with the count (null: unknown). */
async function refreshUnread(): Promise<number | null> {
  const session = readStoredSession();
  if (!session) {
    setUnread(0);
    return 0;
  }
  const total = await headCount(unreadMessagesRead(session.userId).path, session.accessToken);
  if (total !== null) setUnread(total);
  return total;
}

/** Wires the badge elements inside the user menu (`[data-unread-badge]`, `[data-unread-text]`). */
export function initUnreadBadge(root: HTMLElement): void {
  const badges = root.querySelectorAll<HTMLElement>('[data-unread-badge]');
  const text = root.querySelector<HTMLElement>('[data-unread-text]');
  const lang = documentLocale();
  // The counted forms of messages.badge, chosen by Intl.PluralRules ("1 unread message").
  const label = (count: number) =>
    (pluralForm(lang, count) === 'one' ? root.dataset.unreadLabelOne : root.dataset.unreadLabelOther) ??
    '{count}';
  const render = (count: number) => {
    for (const badge of badges) {
      badge.hidden = count === 0;
      badge.textContent = count > 99 ? '99+' : String(count);
    }
    if (text) text.textContent = count === 0 ? '' : format(label(count), { count }, lang);
  };
  $unread.subscribe(render);
  let signedInAs: string | null = null;
  let stop: (() => void) | undefined;
  $auth.subscribe((state) => {
    const now = state.status === 'signed-in' ? state.userId : null;
    if (now === signedInAs) return;
    stop?.();
    stop = undefined;
    signedInAs = now;
    if (now) {
      // Counts at once (the page's early answer) and the live channel starts from that count.
      stop = startUnreadLive(now, { refresh: refreshUnread, readAtStart: true, ...browserDeps });
    } else if (state.status !== 'loading') setUnread(0);
  });
}
