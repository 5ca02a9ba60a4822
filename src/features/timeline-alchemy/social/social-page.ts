import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { taGroups, taPaths } from '../shared/page-props.ts';
import SocialConnectionsPage from './SocialConnections.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const taSocialIsland = { island: 'ta-social', component: SocialConnectionsPage };

/** The page's shell: src/layouts/SignedInPage.astro renders it in the client frame, ../mount-ta-social.ts hydrates it. */
export const taSocialPage: SignedInPageSpec = {
  ...taSocialIsland,
  path: '/timeline-alchemy/client/social-connections',
  title: 'ta.social.title',
  area: 'client',
  groups: taGroups,
  props: taPaths,
};
