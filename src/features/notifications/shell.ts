import { $auth } from '~/features/auth/index.ts';

/**
 * What the page shell (src/layouts/shell) runs of the notifications feature on every page: keep it
 * tiny. The bell shows once someone is signed in; its counting request and live updates (./bell.ts)
 * load only then, so pages stay small for everyone else (scripts/js-budget.ts measures signed out).
 */
export function initNotificationBell(): void {
  const area = document.querySelector<HTMLElement>('[data-notification-area]');
  const bell = area?.querySelector<HTMLElement>('[data-notification-bell]');
  if (!area || !bell) return;
  let started = false;
  $auth.subscribe((state) => {
    area.hidden = state.status !== 'signed-in';
    if (started || state.status !== 'signed-in') return;
    started = true;
    void import('./bell.ts').then((m) => m.startBell(bell));
  });
}
