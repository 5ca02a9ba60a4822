import { mount } from '~/components/app/mount.ts';
import { userPage } from './user-page.ts';

mount(userPage.island, userPage.component);
