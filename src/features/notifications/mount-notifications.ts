import { mount } from '~/components/app/mount.ts';
import { notificationsIsland } from './notifications-page.ts';

mount(notificationsIsland.island, notificationsIsland.component);
