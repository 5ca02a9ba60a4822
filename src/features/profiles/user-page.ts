import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import UserApp from './UserApp.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const userIsland = { island: 'user', component: UserApp };

/** The page's shell: src/layouts/SignedInPage.astro renders it, ./mount-user.ts hydrates it. */
export const userPage: SignedInPageSpec = {
  ...userIsland,
  path: '/user',
  title: 'meta.user.title',
  description: 'meta.user.description',
  groups: ['app.', 'profiles.', 'friends.', 'error.', 'community.'],
  props: (lang) => ({ lang }),
};
