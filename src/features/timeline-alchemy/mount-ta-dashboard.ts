import { mount } from '~/components/app/mount.ts';
import { taDashboardIsland } from './dashboard/dashboard-page.ts';

mount(taDashboardIsland.island, taDashboardIsland.component);
