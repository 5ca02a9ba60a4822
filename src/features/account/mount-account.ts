import { mount } from '~/components/app/mount.ts';
import { accountIsland } from './account-page.ts';

mount(accountIsland.island, accountIsland.component);
