import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { taPaths } from '../shared/page-props.ts';
import { ClientCalendarPage } from './CalendarPages.tsx';
import { calendarGroups } from './cal-texts.ts';

/** What the browser needs to hydrate the page (../mount-ta-calendar-client.ts): the rest stays on the server. */
export const taClientCalendarIsland = { island: 'ta-calendar-client', component: ClientCalendarPage };

/** The page's shell: src/layouts/SignedInPage.astro renders it in the client frame. */
export const taClientCalendarPage: SignedInPageSpec = {
  ...taClientCalendarIsland,
  path: '/timeline-alchemy/client/calendar',
  title: 'tac.title',
  area: 'client',
  groups: calendarGroups,
  props: taPaths,
};
