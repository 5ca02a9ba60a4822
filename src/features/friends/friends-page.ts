import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import FriendsApp from './FriendsApp.tsx';
import { friendshipsRead } from './friends-data.ts';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const friendsIsland = { island: 'friends', component: FriendsApp };

/** The page's shell: src/layouts/SignedInPage.astro renders it, ./mount-friends.ts hydrates it. */
export const friendsPage: SignedInPageSpec = {
  ...friendsIsland,
  path: '/friends',
  title: 'meta.friends.title',
  description: 'meta.friends.description',
  heading: 'friends.title',
  lead: 'friends.lead',
  groups: ['app.', 'friends.', 'error.', 'community.unknownUser'],
  props: (lang) => ({ lang }),
  early: () => [friendshipsRead()],
};
