import { z } from 'zod';
import { type Locale, locales } from '~/i18n/locales.ts';
import { apiError, json } from '~/lib/http/json.ts';
import { storefrontRequest } from '~/lib/storefront/client.ts';
import { toCents } from '~/lib/storefront/money.ts';
import { QUICK_ADD_PRODUCT_QUERY } from '~/lib/storefront/operations/fresh.ts';

/** What the quick-add chooser needs of a product, prices in cents, as the store has it now. */
export type QuickAddProduct = {
  product: { id: string; handle: string; title: string; image: string | null };
  variants: { id: string; title: string; available: boolean; price: number; image: string | null }[];
};

type RawVariant = {
  id: string;
  title: string;
  availableForSale: boolean;
  price: { amount: string };
  image: { url: string } | null;
};
type Raw = {
  product: {
    id: string;
    handle: string;
    title: string;
    featuredImage: { url: string } | null;
    variants: { nodes: RawVariant[] };
  } | null;
};

/** The query of GET /api/shop/product-variants. @public: the attack suite reads every exported schema (tests/integration/attacks/endpoint-kit.ts). */
export const quickAddQuerySchema = z.object({
  handle: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\p{Ll}\p{N}-]+$/u),
  lang: z.enum(locales).default('nl'),
});

export type QuickAddDeps = { request: (handle: string, language: Locale) => Promise<Raw> };
const defaultDeps: QuickAddDeps = {
  request: (handle, language) => storefrontRequest(QUICK_ADD_PRODUCT_QUERY, { handle }, { language }),
};

/** GET /api/shop/product-variants?handle=…&lang=…: a product's variants for quick add. */
export async function handleQuickAdd(url: URL, deps: QuickAddDeps = defaultDeps): Promise<Response> {
  const parsed = quickAddQuerySchema.safeParse({
    handle: url.searchParams.get('handle') ?? '',
    lang: url.searchParams.get('lang') ?? undefined,
  });
  if (!parsed.success)
    return apiError(400, 'invalid_handle', 'Give a product handle and a language (nl, en, de).');
  let raw: Raw;
  try {
    raw = await deps.request(parsed.data.handle, parsed.data.lang);
  } catch (error) {
    console.error('quick add: product query failed', error);
    return apiError(502, 'store_unavailable', 'The store could not be reached. Please try again.');
  }
  const p = raw.product;
  if (!p) return apiError(404, 'not_found', 'There is no product with this handle.');
  const body: QuickAddProduct = {
    product: { id: p.id, handle: p.handle, title: p.title, image: p.featuredImage?.url ?? null },
    variants: p.variants.nodes.map((v) => ({
      id: v.id,
      title: v.title,
      available: v.availableForSale,
      price: toCents(v.price),
      image: v.image?.url ?? null,
    })),
  };
  return json(body, 200, { 'cache-control': 'public, max-age=0, s-maxage=30' });
}
