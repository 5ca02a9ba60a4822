import { mount } from '~/components/app/mount.ts';
import { taDashboardPage } from './dashboard/dashboard-page.ts';

mount(taDashboardPage.island, taDashboardPage.component);
