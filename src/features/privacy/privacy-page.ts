import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import PrivacyApp from './PrivacyApp.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const privacyIsland = { island: 'privacy', component: PrivacyApp };

/** /account/data: src/layouts/SignedInPage.astro renders it, ./mount-privacy.ts hydrates it. */
export const privacyPage: SignedInPageSpec = {
  ...privacyIsland,
  path: '/account/data',
  title: 'meta.privacy.title',
  description: 'meta.privacy.description',
  heading: 'privacy.title',
  lead: 'privacy.lead',
  groups: ['app.', 'privacy.', 'error.'],
  // The endpoints have no language prefix.
  props: (lang) => ({ lang, exportPath: '/api/account/export', deletePath: '/api/account/delete' }),
};
