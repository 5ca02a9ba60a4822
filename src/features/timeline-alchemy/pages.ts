import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import BlogPostsPage from './blog-posts/BlogPostsAdmin.tsx';
import MyPreviewsPage from './client/MyPreviewsPage.tsx';
import DashboardPage from './dashboard/DashboardPage.tsx';
import IdeasPage from './ideas/IdeasAdmin.tsx';
import ReviewByLink from './review/ReviewByLink.tsx';
import { taGroups, taPaths } from './shared/page-props.ts';
import SocialConnectionsPage from './social/SocialConnections.tsx';
import WizardPage from './wizard/WizardPage.tsx';

/*
 * Timeline Alchemy's pages: src/layouts/SignedInPage.astro renders each in the Timeline Alchemy
 * frame of its area, and ./mount-<island>.ts hydrates it.
 */
const ta = { groups: taGroups, props: taPaths } as const;

export const taReviewPage: SignedInPageSpec = {
  ...ta,
  island: 'ta-review',
  component: ReviewByLink,
  path: '/timeline-alchemy/review',
  title: 'ta.review.title',
  area: 'public',
};
export const taBlogPostsPage: SignedInPageSpec = {
  ...ta,
  island: 'ta-blog-posts',
  component: BlogPostsPage,
  path: '/timeline-alchemy/admin/blog-posts',
  title: 'tab.title',
  area: 'admin',
};
export const taDashboardPage: SignedInPageSpec = {
  ...ta,
  island: 'ta-dashboard',
  component: DashboardPage,
  path: '/timeline-alchemy/admin/dashboard',
  title: 'ta.dash.title',
  area: 'admin',
};
export const taIdeasPage: SignedInPageSpec = {
  ...ta,
  island: 'ta-ideas',
  component: IdeasPage,
  path: '/timeline-alchemy/admin/ideas',
  title: 'tai.title',
  area: 'admin',
};
export const taWizardPage: SignedInPageSpec = {
  ...ta,
  island: 'ta-wizard',
  component: WizardPage,
  path: '/timeline-alchemy/admin/preview-wizard',
  title: 'taw.title',
  area: 'admin',
};
export const taMyPreviewsPage: SignedInPageSpec = {
  ...ta,
  island: 'ta-my-previews',
  component: MyPreviewsPage,
  path: '/timeline-alchemy/client/my-previews',
  title: 'ta.my.title',
  area: 'client',
};
export const taSocialPage: SignedInPageSpec = {
  ...ta,
  island: 'ta-social',
  component: SocialConnectionsPage,
  path: '/timeline-alchemy/client/social-connections',
  title: 'ta.social.title',
  area: 'client',
};
