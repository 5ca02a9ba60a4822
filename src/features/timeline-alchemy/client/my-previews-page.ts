import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { taGroups, taPaths } from '../shared/page-props.ts';
import MyPreviewsPage from './MyPreviewsPage.tsx';

/** The page's shell: src/layouts/SignedInPage.astro renders it in the client frame, ../mount-ta-my-previews.ts hydrates it. */
export const taMyPreviewsPage: SignedInPageSpec = {
  island: 'ta-my-previews',
  component: MyPreviewsPage,
  path: '/timeline-alchemy/client/my-previews',
  title: 'ta.my.title',
  area: 'client',
  groups: taGroups,
  props: taPaths,
};
