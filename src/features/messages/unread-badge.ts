import { $auth, readStoredSession } from '~/features/auth/index.ts';
import { format } from '~/i18n/format.ts';
import { documentLocale } from '~/i18n/locales.ts';
import { countedLabel, memberCount, showCount } from '~/lib/header-count.ts';
import { browserDeps } from '~/lib/supabase/live-refresh.ts';
import { $unreadMessages } from './unread-count.ts';
import { startUnreadLive } from './unread-live.ts';
import { unreadMessagesRead } from './unread-read.ts';

/**
 * The header's unread-messages badge, without supabase-js: one counting PostgREST request (HEAD,
 * Prefer: count=exact, on the partial index of unread messages per receiver), kept fresh on every
 * page by `startUnreadLive` (live channel where supabase-js is loaded anyway, polling elsewhere).
 * The messages page also sets the count from its live list (`setUnread`, unread-count.ts).
 */
const unread = memberCount({
  path: (userId) => unreadMessagesRead(userId).path,
  // Counts at once (the page's early answer) and the live channel starts from that count.
  keep: (userId, refresh) => startUnreadLive(userId, { refresh, readAtStart: true, ...browserDeps }),
  session: readStoredSession,
  auth: $auth,
  store: $unreadMessages,
});

/** Wires the badge elements inside the user menu (`[data-unread-badge]`, `[data-unread-text]`). */
export function initUnreadBadge(root: HTMLElement): void {
  const badges = root.querySelectorAll<HTMLElement>('[data-unread-badge]');
  const text = root.querySelector<HTMLElement>('[data-unread-text]');
  const lang = documentLocale();
  // The counted forms of messages.badge ("1 unread message").
  const forms = { one: root.dataset.unreadLabelOne, other: root.dataset.unreadLabelOther };
  unread.$count.subscribe((count) => {
    for (const badge of badges) showCount(badge, count);
    if (text) text.textContent = count === 0 ? '' : format(countedLabel(forms, lang, count), { count }, lang);
  });
  void unread.follow();
}
