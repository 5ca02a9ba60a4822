import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import UserApp from './UserApp.tsx';

/** The page's shell: src/layouts/SignedInPage.astro renders it, ./mount-user.ts hydrates it. */
export const userPage: SignedInPageSpec = {
  island: 'user',
  component: UserApp,
  path: '/user',
  title: 'meta.user.title',
  description: 'meta.user.description',
  groups: ['app.', 'profiles.', 'friends.', 'error.', 'community.'],
  props: (lang) => ({ lang }),
};
