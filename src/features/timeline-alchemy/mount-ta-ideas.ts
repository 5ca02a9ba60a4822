import { mount } from '~/components/app/mount.ts';
import { taIdeasIsland } from './ideas/ideas-page.ts';

mount(taIdeasIsland.island, taIdeasIsland.component);
