import { mount } from '~/components/app/mount.ts';
import { membersIsland } from './members-page.ts';

mount(membersIsland.island, membersIsland.component);
