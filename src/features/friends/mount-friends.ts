import { mount } from '~/components/app/mount.ts';
import { friendsPage } from './friends-page.ts';

mount(friendsPage.island, friendsPage.component);
