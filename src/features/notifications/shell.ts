import { $auth } from '~/features/auth/index.ts';

/**
 * What the page shell (src/layouts/shell) runs of the notifications feature on every page: keep it
 * tiny. The bell shows when someone is signed in; its counting request and live updates (./bell.ts)
 * load only then, so pages stay small for everyone else (scripts/js-budget.ts measures signed out).
 */
export function initNotificationBell(): void {
  const area = document.querySelector<HTMLElement>('[data-notification-area]');
  const bell = area?.querySelector<HTMLElement>('[data-notification-bell]');
  if (!area || !bell) return;
  let started = false;
  // Shown with the avatar (html[data-session], src/styles/global.css), not by this script.
  $auth.subscribe((state) => {
    if (started || state.status !== 'signed-in') return;
    started = true;
    void import('./bell.ts').then((m) => m.startBell(bell));
  });
}
