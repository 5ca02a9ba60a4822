import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { taGroups, taPaths } from '../shared/page-props.ts';
import IdeasPage from './IdeasAdmin.tsx';

/** The page's shell: src/layouts/SignedInPage.astro renders it in the admin frame, ../mount-ta-ideas.ts hydrates it. */
export const taIdeasPage: SignedInPageSpec = {
  island: 'ta-ideas',
  component: IdeasPage,
  path: '/timeline-alchemy/admin/ideas',
  title: 'tai.title',
  area: 'admin',
  groups: taGroups,
  props: taPaths,
};
