import { mount } from '~/components/app/mount.ts';
import { communityIsland } from './community-page.ts';

mount(communityIsland.island, communityIsland.component);
