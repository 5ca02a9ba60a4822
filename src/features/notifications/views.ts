/** The notifications feature's .astro components, for layouts and pages. */
export { default as NotificationBell } from './Bell.astro';
/** The bell's count, which signed-in pages start early (src/layouts/SignedInPage.astro). */
export { unreadNotificationsRead } from './reads.ts';
