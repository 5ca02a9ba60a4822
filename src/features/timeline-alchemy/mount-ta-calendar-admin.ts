import { mount } from '~/components/app/mount.ts';
import { taAdminCalendarIsland } from './calendar/calendar-page.ts';

mount(taAdminCalendarIsland.island, taAdminCalendarIsland.component);
