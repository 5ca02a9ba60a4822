import { mount } from '~/components/app/mount.ts';
import { taClientCalendarIsland } from './calendar/client-calendar-page.ts';

mount(taClientCalendarIsland.island, taClientCalendarIsland.component);
