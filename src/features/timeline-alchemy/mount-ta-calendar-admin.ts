import { mount } from '~/components/app/mount.ts';
import { taAdminCalendarIsland } from './calendar/admin-calendar-page.ts';

mount(taAdminCalendarIsland.island, taAdminCalendarIsland.component);
