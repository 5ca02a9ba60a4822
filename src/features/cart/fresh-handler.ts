import { z } from 'zod';
import { type Locale, locales } from '~/i18n/locales.ts';
import { apiError, json } from '~/lib/http/json.ts';
import { storefrontRequest } from '~/lib/storefront/client.ts';
import { toCents } from '~/lib/storefront/money.ts';
import { FRESH_VARIANTS_QUERY } from '~/lib/storefront/operations/fresh.ts';

/** At most this many variants per check (a cart holds at most 50 lines). */
const MAX_FRESH_IDS = 50;

/** What the browser gets per variant id: for sale now, and the price in cents; null if gone. */
type FreshVariant = { available: boolean; price: number } | null;
export type FreshAnswer = { variants: Record<string, FreshVariant> };

/** The query of GET /api/shop/fresh. @public: the attack suite reads every exported schema (tests/integration/attacks/endpoint-kit.ts). */
export const freshQuerySchema = z.object({
  ids: z
    .string()
    .max(MAX_FRESH_IDS * 21)
    .transform((s) => [...new Set(s.split(',').filter(Boolean))])
    .pipe(
      z
        .array(
          z
            .string()
            .max(19)
            .regex(/^\d{1,19}$/, 'not a numeric variant id'),
        )
        .min(1)
        .max(MAX_FRESH_IDS),
    ),
  lang: z.enum(locales).default('nl'),
});

type Node = { id?: string; availableForSale?: boolean; price?: { amount: string } } | null;
export type FreshDeps = {
  request: (ids: string[], language: Locale) => Promise<{ nodes: Node[] }>;
};
const defaultDeps: FreshDeps = {
  request: (ids, language) => storefrontRequest(FRESH_VARIANTS_QUERY, { ids }, { language }),
};

/**
 * GET /api/shop/fresh?ids=40008,40009&lang=nl: price and availability of variants now, through
 * ONE `nodes(ids:)` request to the store. Cached briefly and publicly; bad ids are a 400.
 */
export async function handleFresh(url: URL, deps: FreshDeps = defaultDeps): Promise<Response> {
  const parsed = freshQuerySchema.safeParse({
    ids: url.searchParams.get('ids') ?? '',
    lang: url.searchParams.get('lang') ?? undefined,
  });
  if (!parsed.success) {
    return apiError(
      400,
      'invalid_ids',
      `Give ids as 1 to ${MAX_FRESH_IDS} numeric variant ids, comma-separated.`,
    );
  }
  const gids = parsed.data.ids.map((id) => `gid://shopify/ProductVariant/${id}`);
  let nodes: Node[];
  try {
    nodes = (await deps.request(gids, parsed.data.lang)).nodes;
  } catch (error) {
    console.error('fresh: nodes(ids:) failed', error);
    return apiError(502, 'store_unavailable', 'The store could not be reached. Please try again.');
  }
  const variants: Record<string, FreshVariant> = {};
  gids.forEach((gid, i) => {
    const node = nodes[i];
    variants[gid] =
      node?.id === gid && typeof node.availableForSale === 'boolean' && node.price
        ? { available: node.availableForSale, price: toCents(node.price) }
        : null;
  });
  return json({ variants } satisfies FreshAnswer, 200, { 'cache-control': 'public, max-age=0, s-maxage=30' });
}
