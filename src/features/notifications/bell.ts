import { $auth, readStoredSession } from '~/features/auth/index.ts';
import { format } from '~/i18n/format.ts';
import { documentLocale } from '~/i18n/locales.ts';
import { countedLabel, memberCount, showCount } from '~/lib/header-count.ts';
import { type TypedSupabaseClient, whenSupabaseLoaded } from '~/lib/supabase/client.ts';
import { browserDeps, startLiveRefresh } from '~/lib/supabase/live-refresh.ts';
import { unreadNotificationsRead } from './reads.ts';

/**
 * The header bell's unread count, without supabase-js: one counting PostgREST request (HEAD,
 * Prefer: count=exact, on the partial index of unread notifications per recipient), kept fresh by
 * the header's one refresh mechanism (startLiveRefresh): a postgres_changes subscription through
 * the page's client where supabase-js is loaded anyway, polling (10 s, backing off to 60 s, resting
 * while the tab is hidden) everywhere else. The /notifications page calls `refreshBell` after it
 * marks notifications read.
 */
const unread = memberCount({
  path: (userId) => unreadNotificationsRead(userId).path,
  // Counts at once (the page's early answer) and the live channel starts from that count.
  keep: (userId, refresh) =>
    startLiveRefresh(
      {
        refresh,
        readAtStart: true,
        watch: { table: 'notifications', filter: `recipient_id=eq.${userId}` },
        firstMs: 10_000,
        maxMs: 60_000,
        backoff: 1.5,
      },
      browserDeps,
    ),
  session: readStoredSession,
  auth: $auth,
});

/** Re-counts at once (after marking read on the page). */
export function refreshBell(): void {
  void unread.refresh();
}

/** Wires the bell (`[data-notification-bell]` with `[data-notification-count]` inside). */
export function startBell(bell: HTMLElement): void {
  const badge = bell.querySelector<HTMLElement>('[data-notification-count]');
  const lang = documentLocale();
  const forms = { one: bell.dataset.labelOne, other: bell.dataset.labelOther };
  unread.$count.subscribe((count) => {
    if (badge) showCount(badge, count);
    const label = count === 0 ? (bell.dataset.label ?? '') : countedLabel(forms, lang, count);
    bell.setAttribute('aria-label', format(label, { count }, lang));
  });
  const panel = bell.parentElement?.querySelector<HTMLElement>('[data-notification-panel]');
  // Where the page holds a data client (signed-in pages), the bell opens a panel; elsewhere it
  // stays a link to /notifications.
  if (panel) whenSupabaseLoaded((db) => initPanel(bell, panel, db));
  void unread.follow();
}

function initPanel(bell: HTMLElement, panel: HTMLElement, db: TypedSupabaseClient): void {
  bell.setAttribute('aria-expanded', 'false');
  bell.setAttribute('aria-controls', panel.id);
  const close = () => {
    panel.hidden = true;
    bell.setAttribute('aria-expanded', 'false');
  };
  bell.addEventListener('click', (event) => {
    const state = $auth.get();
    if (state.status !== 'signed-in' || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (!panel.hidden) return close();
    panel.hidden = false;
    bell.setAttribute('aria-expanded', 'true');
    void import('./panel.ts').then((m) => m.openPanel(bell, panel, db, state.userId, refreshBell));
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      close();
      bell.focus();
    }
  });
  document.addEventListener('click', (event) => {
    const target = event.target as Node;
    if (!panel.hidden && !panel.contains(target) && !bell.contains(target)) close();
  });
}
