import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import FriendsApp from './FriendsApp.tsx';

/** The page's shell: src/layouts/SignedInPage.astro renders it, ./mount-friends.ts hydrates it. */
export const friendsPage: SignedInPageSpec = {
  island: 'friends',
  component: FriendsApp,
  path: '/friends',
  title: 'meta.friends.title',
  description: 'meta.friends.description',
  heading: 'friends.title',
  lead: 'friends.lead',
  groups: ['app.', 'friends.', 'error.', 'community.unknownUser'],
  props: (lang) => ({ lang }),
};
