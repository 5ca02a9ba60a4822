import { localizePath } from '~/i18n/locales.ts';
import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import NewsletterAdmin from './NewsletterAdmin.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const newsletterAdminIsland = { island: 'newsletter-admin', component: NewsletterAdmin };

/** The page's shell: src/layouts/SignedInPage.astro renders it, ./mount-newsletter-admin.ts hydrates it. */
export const newsletterAdminPage: SignedInPageSpec = {
  // Admin only: the island checks the role (GatedPage), the database checks it again.
  ...newsletterAdminIsland,
  path: '/newsletter/admin',
  title: 'newsletter.admin.title',
  description: 'newsletter.admin.lead',
  heading: 'newsletter.admin.title',
  lead: 'newsletter.admin.lead',
  frameClass: 'container-page py-12',
  groups: ['app.', 'newsletter.admin.'],
  props: (lang) => ({ lang, authPath: localizePath('/auth', lang), homePath: localizePath('/', lang) }),
};
