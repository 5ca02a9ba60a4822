import { mount } from '~/components/app/mount.ts';
import { taSocialIsland } from './social/social-page.ts';

mount(taSocialIsland.island, taSocialIsland.component);
