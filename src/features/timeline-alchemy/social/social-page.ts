import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { taGroups, taPaths } from '../shared/page-props.ts';
import SocialConnectionsPage from './SocialConnections.tsx';

/** The page's shell: src/layouts/SignedInPage.astro renders it in the client frame, ../mount-ta-social.ts hydrates it. */
export const taSocialPage: SignedInPageSpec = {
  island: 'ta-social',
  component: SocialConnectionsPage,
  path: '/timeline-alchemy/client/social-connections',
  title: 'ta.social.title',
  area: 'client',
  groups: taGroups,
  props: taPaths,
};
