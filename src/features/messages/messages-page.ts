import { intlLocale, localizePath } from '~/i18n/locales.ts';
import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import { ADDRESS_ID } from '~/lib/supabase/early.ts';
import MessagesApp from './MessagesApp.tsx';
import { conversationsRead, personRead, threadRead } from './reads.ts';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const messagesIsland = { island: 'messages', component: MessagesApp };

/** The page's shell: src/layouts/SignedInPage.astro renders it, ./mount-messages.ts hydrates it. */
export const messagesPage: SignedInPageSpec = {
  ...messagesIsland,
  path: '/messages',
  title: 'meta.messages.title',
  description: 'meta.messages.description',
  heading: 'messages.title',
  frameClass: 'container-page py-6',
  headingClass: 'mb-4 text-3xl',
  groups: ['messages.', 'app.', 'error.'],
  // The list; on /messages/{id} the other member and the thread as well (without an id: skipped).
  early: () => [conversationsRead(), personRead(ADDRESS_ID), threadRead(ADDRESS_ID)],
  props: (lang) => ({
    intl: intlLocale[lang],
    authPath: localizePath('/auth', lang),
    homePath: localizePath('/', lang),
    basePath: localizePath('/messages', lang),
    membersPath: localizePath('/community', lang),
    userBasePath: localizePath('/user', lang),
  }),
};
