import { mount } from '~/components/app/mount.ts';
import { profileIsland } from './profile-page.ts';

mount(profileIsland.island, profileIsland.component);
