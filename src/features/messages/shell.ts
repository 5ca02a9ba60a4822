import { $auth } from '~/features/auth/index.ts';

/**
 * What the page shell (src/layouts/shell) runs of the messages feature on every page: keep it tiny.
 * The unread badge (its counting request and live updates) loads once someone is signed in, so
 * pages stay small for everyone else (scripts/js-budget.ts measures them signed out).
 */
export function initUnreadBadgeWhenSignedIn(root: HTMLElement): void {
  let started = false;
  $auth.subscribe((state) => {
    if (started || state.status !== 'signed-in') return;
    started = true;
    void import('./unread-badge.ts').then((badge) => badge.initUnreadBadge(root));
  });
}
