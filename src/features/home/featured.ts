import type { Locale } from '~/i18n/locales.ts';
import { getCollectionByHandle, getCollections } from '~/lib/storefront/fetchers.ts';
import type { ProductCard } from '~/lib/storefront/types.ts';

/** The home page shows at most this many featured products (SPEC section 9). */
const FEATURED_COUNT = 4;
export const FEATURED_COLLECTION = 'digitale-producten';

/**
 * Up to four products: from the digital-products collection, or else from the first collection
 * that has products. Returns the collection's handle too, for the "view all" link.
 */
export async function getFeaturedProducts(
  lang: Locale,
): Promise<{ collection: string | null; products: ProductCard[] }> {
  const preferred = await getCollectionByHandle(FEATURED_COLLECTION, lang);
  if (preferred?.products.length) {
    return { collection: preferred.handle, products: preferred.products.slice(0, FEATURED_COUNT) };
  }
  const first = (await getCollections(lang)).find((c) => c.products.length > 0);
  return first
    ? { collection: first.handle, products: first.products.slice(0, FEATURED_COUNT) }
    : { collection: null, products: [] };
}
