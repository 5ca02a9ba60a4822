import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import AccountApp from './AccountApp.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const accountIsland = { island: 'account', component: AccountApp };

/** /account: src/layouts/SignedInPage.astro renders it, ./mount-account.ts hydrates it. */
export const accountPage: SignedInPageSpec = {
  ...accountIsland,
  path: '/account',
  title: 'meta.account.title',
  description: 'meta.account.description',
  heading: 'account.title',
  lead: 'account.lead',
  frameClass: 'container-page max-w-3xl py-10',
  groups: [
    'app.',
    'account.',
    'lang.',
    'auth.passwordHint',
    'auth.showPassword',
    'auth.hidePassword',
    'auth.reset.mismatch',
    'auth.logoutSuccess',
    'error.',
  ],
  props: (lang) => ({ lang }),
};
