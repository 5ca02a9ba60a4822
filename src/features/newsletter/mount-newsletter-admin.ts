import { mount } from '~/components/app/mount.ts';
import { newsletterAdminIsland } from './admin-page.ts';

mount(newsletterAdminIsland.island, newsletterAdminIsland.component);
