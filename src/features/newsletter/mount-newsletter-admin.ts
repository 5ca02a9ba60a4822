import { mount } from '~/components/app/mount.ts';
import { newsletterAdminPage } from './admin-page.ts';

mount(newsletterAdminPage.island, newsletterAdminPage.component);
