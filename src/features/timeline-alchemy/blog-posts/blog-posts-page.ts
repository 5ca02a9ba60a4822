import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { taGroups, taPaths } from '../shared/page-props.ts';
import BlogPostsPage from './BlogPostsAdmin.tsx';

/** The page's shell: src/layouts/SignedInPage.astro renders it in the admin frame, ../mount-ta-blog-posts.ts hydrates it. */
export const taBlogPostsPage: SignedInPageSpec = {
  island: 'ta-blog-posts',
  component: BlogPostsPage,
  path: '/timeline-alchemy/admin/blog-posts',
  title: 'tab.title',
  area: 'admin',
  groups: taGroups,
  props: taPaths,
};
