import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { taPaths } from '../shared/page-props.ts';
import { AdminCalendarPage, ClientCalendarPage } from './CalendarPages.tsx';
import { calendarGroups } from './cal-texts.ts';

/** What the browser needs to hydrate each calendar page (./mount-*.ts): the rest stays on the server. */
export const taAdminCalendarIsland = { island: 'ta-calendar-admin', component: AdminCalendarPage };
export const taClientCalendarIsland = { island: 'ta-calendar-client', component: ClientCalendarPage };

/** The pages' shells: src/layouts/SignedInPage.astro renders them in the Timeline Alchemy frame. */
export const taAdminCalendarPage: SignedInPageSpec = {
  ...taAdminCalendarIsland,
  path: '/timeline-alchemy/admin/calendar',
  title: 'tac.title',
  area: 'admin',
  groups: calendarGroups,
  props: taPaths,
};
export const taClientCalendarPage: SignedInPageSpec = {
  ...taClientCalendarIsland,
  path: '/timeline-alchemy/client/calendar',
  title: 'tac.title',
  area: 'client',
  groups: calendarGroups,
  props: taPaths,
};
