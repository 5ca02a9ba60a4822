import { mount } from '~/components/app/mount.ts';
import { moderationIsland } from './moderation-page.ts';

mount(moderationIsland.island, moderationIsland.component);
