import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { taGroups, taPaths } from '../shared/page-props.ts';
import IdeasPage from './IdeasAdmin.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const taIdeasIsland = { island: 'ta-ideas', component: IdeasPage };

/** The page's shell: src/layouts/SignedInPage.astro renders it in the admin frame, ../mount-ta-ideas.ts hydrates it. */
export const taIdeasPage: SignedInPageSpec = {
  ...taIdeasIsland,
  path: '/timeline-alchemy/admin/ideas',
  title: 'tai.title',
  area: 'admin',
  groups: taGroups,
  props: taPaths,
};
