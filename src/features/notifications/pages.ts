/** The notifications feature's signed-in pages, for their page files (src/layouts/SignedInPage.astro renders them). */
export { notificationsPage } from './notifications-page.ts';
