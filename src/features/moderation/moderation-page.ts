import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import ModerationApp from './ModerationApp.tsx';

/** The page's shell: src/layouts/SignedInPage.astro renders it, ./mount-moderation.ts hydrates it. */
export const moderationPage: SignedInPageSpec = {
  island: 'moderation',
  component: ModerationApp,
  path: '/community/moderation',
  title: 'meta.moderation.title',
  description: 'meta.moderation.description',
  heading: 'moderation.title',
  lead: 'moderation.lead',
  groups: ['app.', 'moderation.', 'community.unknownUser'],
  props: (lang) => ({ lang }),
};
