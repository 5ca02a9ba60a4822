import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { ME } from '~/lib/supabase/early.ts';
import ProfileApp from './ProfileApp.tsx';
import { profileRead } from './profile-data.ts';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const profileIsland = { island: 'profile', component: ProfileApp };

/** The page's shell: src/layouts/SignedInPage.astro renders it, ./mount-profile.ts hydrates it. */
export const profilePage: SignedInPageSpec = {
  ...profileIsland,
  path: '/profile',
  title: 'meta.profile.title',
  description: 'meta.profile.description',
  heading: 'profiles.title',
  lead: 'profiles.lead',
  groups: [
    'app.',
    'profiles.',
    'community.members.',
    'community.unknownUser',
    'messages.privacy.',
    'account.link',
    'error.',
  ],
  props: (lang) => ({ lang }),
  early: () => [profileRead(ME)],
};
