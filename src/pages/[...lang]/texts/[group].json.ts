import type { APIRoute } from 'astro';
import { contactFormMessages } from '~/features/contact/server.ts';
import { newsletterCardMessages } from '~/features/newsletter/server.ts';
import { notificationPanelMessages } from '~/features/notifications/server.ts';
import { searchFieldMessages } from '~/features/search/server.ts';
import type { ClientTextGroup } from '~/i18n/client-texts.ts';
import { type Locale, langParam, localeFromParam, locales } from '~/i18n/locales.ts';

/**
 * The texts a script shows only after someone starts using it (`/texts/{group}.json` per
 * language), fetched with that script instead of riding in every page's HTML: the first screen
 * must fit the first round trip (README, "The first screen in one round trip").
 */
const groups: Record<ClientTextGroup, (lang: Locale) => Record<string, string>> = {
  contact: contactFormMessages,
  newsletter: newsletterCardMessages,
  notifications: notificationPanelMessages,
  search: searchFieldMessages,
};

export function getStaticPaths() {
  return locales.flatMap((lang) =>
    Object.keys(groups).map((group) => ({ params: { lang: langParam(lang), group } })),
  );
}

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(groups[params.group as ClientTextGroup](localeFromParam(params.lang))), {
    headers: { 'Content-Type': 'application/json' },
  });
