import { mount } from '~/components/app/mount.ts';
import { friendsIsland } from './friends-page.ts';

mount(friendsIsland.island, friendsIsland.component);
