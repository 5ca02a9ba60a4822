import { mount } from '~/components/app/mount.ts';
import { taBlogPostsPage } from './blog-posts/blog-posts-page.ts';

mount(taBlogPostsPage.island, taBlogPostsPage.component);
