import { mount } from '~/components/app/mount.ts';
import { taBlogPostsIsland } from './blog-posts/blog-posts-page.ts';

mount(taBlogPostsIsland.island, taBlogPostsIsland.component);
