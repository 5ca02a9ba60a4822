import { mount } from '~/components/app/mount.ts';
import { taSocialPage } from './pages.ts';

mount(taSocialPage.island, taSocialPage.component);
