import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { taGroups, taPaths } from '../shared/page-props.ts';
import BlogPostsPage from './BlogPostsAdmin.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const taBlogPostsIsland = { island: 'ta-blog-posts', component: BlogPostsPage };

/** The page's shell: src/layouts/SignedInPage.astro renders it in the admin frame, ../mount-ta-blog-posts.ts hydrates it. */
export const taBlogPostsPage: SignedInPageSpec = {
  ...taBlogPostsIsland,
  path: '/timeline-alchemy/admin/blog-posts',
  title: 'tab.title',
  area: 'admin',
  groups: taGroups,
  props: taPaths,
};
