import { feedFirstRead } from '~/features/community/index.ts';
import { friendshipsRead } from '~/features/friends/index.ts';
import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { ADDRESS_ID, ME } from '~/lib/supabase/early.ts';
import { postCountRead, profileRead } from './profile-data.ts';
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
  // The profile, their posts and count, and my friendships (the friendship button) start early.
  early: () => [
    profileRead(ADDRESS_ID),
    feedFirstRead(ME, ADDRESS_ID),
    postCountRead(ADDRESS_ID),
    friendshipsRead(),
  ],
};
