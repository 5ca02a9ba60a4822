import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { ADDRESS_ID } from '~/lib/supabase/early.ts';
import { blogPostsRead, clientsRead, historyRead, previewRead } from '../reads.ts';
import { taGroups, taPaths } from '../shared/page-props.ts';
import WizardPage from './WizardPage.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const taWizardIsland = { island: 'ta-wizard', component: WizardPage };

/** The page's shell: src/layouts/SignedInPage.astro renders it in the admin frame, ../mount-ta-wizard.ts hydrates it. */
export const taWizardPage: SignedInPageSpec = {
  ...taWizardIsland,
  path: '/timeline-alchemy/admin/preview-wizard',
  title: 'taw.title',
  area: 'admin',
  groups: taGroups,
  props: taPaths,
  early: () => [clientsRead(), blogPostsRead(), previewRead(ADDRESS_ID), historyRead(ADDRESS_ID)],
};
