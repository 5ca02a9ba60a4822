import { mount } from '~/components/app/mount.ts';
import { taDashboardPage } from './pages.ts';

mount(taDashboardPage.island, taDashboardPage.component);
