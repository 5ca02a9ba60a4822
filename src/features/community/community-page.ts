import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { ME } from '~/lib/supabase/early.ts';
import CommunityApp from './CommunityApp.tsx';
import { feedFirstRead } from './feed-data.ts';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const communityIsland = { island: 'community', component: CommunityApp };

/** The page's shell: src/layouts/SignedInPage.astro renders it, ./mount-community.ts hydrates it. */
export const communityPage: SignedInPageSpec = {
  ...communityIsland,
  path: '/community',
  title: 'meta.community.title',
  description: 'meta.community.description',
  heading: 'community.title',
  lead: 'community.lead',
  groups: ['app.', 'community.', 'moderation.title', 'error.'],
  props: (lang) => ({ lang }),
  early: () => [feedFirstRead(ME)],
};
