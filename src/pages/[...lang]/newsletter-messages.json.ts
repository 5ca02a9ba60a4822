import type { APIRoute } from 'astro';
import { newsletterCardMessages } from '~/features/newsletter/messages.ts';
import { localeFromParam, localeStaticPaths } from '~/i18n/locales.ts';

export const getStaticPaths = localeStaticPaths;

/** The sign-up card's texts in this language, fetched with its behaviour on first interaction. */
export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(newsletterCardMessages(localeFromParam(params.lang))), {
    headers: { 'Content-Type': 'application/json' },
  });
