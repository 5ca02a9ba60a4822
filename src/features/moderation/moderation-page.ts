import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import ModerationApp from './ModerationApp.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const moderationIsland = { island: 'moderation', component: ModerationApp };

/** The page's shell: src/layouts/SignedInPage.astro renders it, ./mount-moderation.ts hydrates it. */
export const moderationPage: SignedInPageSpec = {
  ...moderationIsland,
  path: '/community/moderation',
  title: 'meta.moderation.title',
  description: 'meta.moderation.description',
  heading: 'moderation.title',
  lead: 'moderation.lead',
  groups: ['app.', 'moderation.', 'community.unknownUser', 'error.'],
  props: (lang) => ({ lang }),
};
