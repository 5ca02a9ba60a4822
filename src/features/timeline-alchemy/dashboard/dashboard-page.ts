import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { clientsRead, dashboardRead } from '../reads.ts';
import { taGroups, taPaths } from '../shared/page-props.ts';
import DashboardPage from './DashboardPage.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const taDashboardIsland = { island: 'ta-dashboard', component: DashboardPage };

/** The page's shell: src/layouts/SignedInPage.astro renders it in the admin frame, ../mount-ta-dashboard.ts hydrates it. */
export const taDashboardPage: SignedInPageSpec = {
  ...taDashboardIsland,
  path: '/timeline-alchemy/admin/dashboard',
  title: 'ta.dash.title',
  area: 'admin',
  groups: taGroups,
  props: taPaths,
  early: () => [dashboardRead(), clientsRead()],
};
