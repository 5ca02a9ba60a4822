import { mount } from '~/components/app/mount.ts';
import { taBlogPostsPage } from './pages.ts';

mount(taBlogPostsPage.island, taBlogPostsPage.component);
