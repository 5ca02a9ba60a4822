import { mount } from '~/components/app/mount.ts';
import { taClientCalendarIsland } from './calendar/calendar-page.ts';

mount(taClientCalendarIsland.island, taClientCalendarIsland.component);
