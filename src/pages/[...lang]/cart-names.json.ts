import type { APIRoute } from 'astro';
import { catalogNames } from '~/features/cart/server.ts';
import { localeFromParam, localeStaticPaths } from '~/i18n/locales.ts';
import { getAllProductDetails } from '~/lib/storefront/index.ts';

export const getStaticPaths = localeStaticPaths;

/** Variant id -> product and variant names in this language, for the cart's lines. */
export const GET: APIRoute = async ({ params }) => {
  const lang = localeFromParam(params.lang);
  const names = catalogNames(await getAllProductDetails(lang));
  return new Response(JSON.stringify(names), { headers: { 'Content-Type': 'application/json' } });
};
