import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { taPaths } from '../shared/page-props.ts';
import { AdminCalendarPage } from './CalendarPages.tsx';
import { calendarGroups } from './cal-texts.ts';

/** What the browser needs to hydrate the page (../mount-ta-calendar-admin.ts): the rest stays on the server. */
export const taAdminCalendarIsland = { island: 'ta-calendar-admin', component: AdminCalendarPage };

/** The page's shell: src/layouts/SignedInPage.astro renders it in the admin frame. */
export const taAdminCalendarPage: SignedInPageSpec = {
  ...taAdminCalendarIsland,
  path: '/timeline-alchemy/admin/calendar',
  title: 'tac.title',
  area: 'admin',
  groups: calendarGroups,
  props: taPaths,
};
