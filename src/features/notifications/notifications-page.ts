import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import NotificationsApp from './NotificationsApp.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const notificationsIsland = { island: 'notifications', component: NotificationsApp };

/** The page's shell: src/layouts/SignedInPage.astro renders it, ./mount-notifications.ts hydrates it. */
export const notificationsPage: SignedInPageSpec = {
  ...notificationsIsland,
  path: '/notifications',
  title: 'meta.notifications.title',
  description: 'meta.notifications.description',
  heading: 'notifications.title',
  lead: 'notifications.lead',
  groups: ['app.', 'notifications.'],
  props: (lang) => ({ lang }),
};
