import { mount } from '~/components/app/mount.ts';
import { userIsland } from './user-page.ts';

mount(userIsland.island, userIsland.component);
