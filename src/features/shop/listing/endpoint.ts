import { z } from 'zod';
import { locales } from '~/i18n/locales.ts';
import { apiError, json } from '~/lib/http/json.ts';
import { StorefrontError } from '~/lib/storefront/errors.ts';
import { resolveFilters } from '~/lib/storefront/filter-handles.ts';
import {
  type Filter,
  getListingPage,
  LISTING_SORTS,
  type ListingPageInfo,
} from '~/lib/storefront/listing.ts';
import { type CardData, cardData } from './card-data.ts';
import { paramsFromState, stateFromParams } from './url-state.ts';

/** The answer of GET /api/shop/products. */
export type ListingAnswer = {
  products: CardData[];
  filters: Filter[];
  pageInfo: ListingPageInfo;
  /** Products matching the filters in all pages, when the store's filter counts tell it; else null. */
  total: number | null;
  /** The listing's parameters as the address should carry them (sort, filters by handles, cursor). */
  query: string;
};

const SORT_NAMES = Object.keys(LISTING_SORTS);

/** The query of GET /api/shop/products (filters and cursors are read by stateFromParams). @public: the attack suite reads every exported schema (tests/integration/attacks/endpoint-kit.ts). */
export const listingQuerySchema = z.object({
  lang: z.enum(locales),
  collection: z
    .string()
    .max(100)
    .regex(/^[a-z0-9][a-z0-9_-]{0,99}$/, 'A collection handle: lowercase letters, digits and dashes.'),
  sort: z.enum(SORT_NAMES as [string, ...string[]]).optional(),
});

/**
 * The number of products matching the filters, from Shopify's availability counts: each value
 * counts the products it gives with the other filters in force, so the chosen values (or, with
 * none chosen, both) add up to the total.
 */
export function totalFromFilters(filters: readonly Filter[], params: URLSearchParams): number | null {
  const availability = filters.find((f) => f.id === 'filter.v.availability');
  if (!availability?.values.length) return null;
  const chosen = params.getAll('filter.v.availability');
  const counted = availability.values.filter((v) => {
    if (!chosen.length) return true;
    try {
      const input = JSON.parse(v.input) as { available?: boolean };
      return chosen.includes(input.available ? '1' : '0');
    } catch {
      return false;
    }
  });
  return counted.reduce((sum, v) => sum + v.count, 0);
}

/** GET /api/shop/products?lang=&collection=&sort=&filter.…=&after=|before=: one listing page. */
export async function handleListing(url: URL): Promise<Response> {
  const parsed = listingQuerySchema.safeParse({
    lang: url.searchParams.get('lang') ?? undefined,
    collection: url.searchParams.get('collection') ?? undefined,
    sort: url.searchParams.get('sort') ?? undefined,
  });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] = issue.message;
    return apiError(400, 'invalid_query', 'Some query parameters are missing or invalid.', fields);
  }
  const { lang, collection } = parsed.data;
  const state = stateFromParams(url.searchParams, SORT_NAMES, 'featured');
  try {
    const resolved = await resolveFilters(collection, state.filters, lang);
    const query = paramsFromState({ ...state, filters: resolved.canonical }, 'featured');
    if (resolved.legacy) {
      // An old link names options in one language: answer with its language-neutral address.
      const target = new URL(url);
      target.search = `${new URLSearchParams([['lang', lang], ['collection', collection], ...query])}`;
      return new Response(null, { status: 308, headers: { location: `${target.pathname}${target.search}` } });
    }
    const page = await getListingPage(
      {
        handle: collection,
        sort: state.sort as keyof typeof LISTING_SORTS,
        filters: resolved.inputs,
        after: state.after,
        before: state.before,
      },
      lang,
    );
    if (!page) return apiError(404, 'collection_not_found', `There is no collection ${collection}.`);
    const answer: ListingAnswer = {
      products: page.products.map((p) => cardData(p, lang)),
      filters: page.filters,
      pageInfo: page.pageInfo,
      total: totalFromFilters(page.filters, url.searchParams),
      query: query.toString(),
    };
    return json(answer, 200, { 'cache-control': 'public, max-age=60' });
  } catch (error) {
    if (error instanceof StorefrontError && /cursor/i.test(error.message) && (state.after || state.before)) {
      return apiError(400, 'invalid_cursor', 'The page cursor is not valid for this list.');
    }
    return apiError(502, 'storefront_unavailable', 'The shop could not be reached. Try again shortly.');
  }
}
