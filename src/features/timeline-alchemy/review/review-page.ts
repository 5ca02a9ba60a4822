import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { taGroups, taPaths } from '../shared/page-props.ts';
import ReviewByLink from './ReviewByLink.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const taReviewIsland = { island: 'ta-review', component: ReviewByLink };

/** The page's shell: src/layouts/SignedInPage.astro renders it in the public frame, ../mount-ta-review.ts hydrates it. */
export const taReviewPage: SignedInPageSpec = {
  ...taReviewIsland,
  path: '/timeline-alchemy/review',
  title: 'ta.review.title',
  area: 'public',
  public: true,
  groups: taGroups,
  props: taPaths,
};
