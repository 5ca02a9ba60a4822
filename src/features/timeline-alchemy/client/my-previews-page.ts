import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { ME } from '~/lib/supabase/early.ts';
import { myFeedRead, timeZoneRead } from '../reads.ts';
import { taGroups, taPaths } from '../shared/page-props.ts';
import MyPreviewsPage from './MyPreviewsPage.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const taMyPreviewsIsland = { island: 'ta-my-previews', component: MyPreviewsPage };

/** The page's shell: src/layouts/SignedInPage.astro renders it in the client frame, ../mount-ta-my-previews.ts hydrates it. */
export const taMyPreviewsPage: SignedInPageSpec = {
  ...taMyPreviewsIsland,
  path: '/timeline-alchemy/client/my-previews',
  title: 'ta.my.title',
  area: 'client',
  groups: taGroups,
  props: taPaths,
  early: () => [myFeedRead(), timeZoneRead(ME)],
};
