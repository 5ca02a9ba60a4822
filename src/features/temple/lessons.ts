import { FEATURED_COLLECTION } from '~/features/home/server.ts';
import type { Locale } from '~/i18n/locales.ts';
import { getCollectionByHandle } from '~/lib/storefront/fetchers.ts';
import { LISTING_PAGE_SIZE } from '~/lib/storefront/listing.ts';
import type { ProductCard } from '~/lib/storefront/types.ts';

/**
 * The digital temple's lessons: the digital-products collection's first page (24), so a large
 * catalog never makes one giant page; its "all lessons" link leads to the paged collection.
 */
export async function getTempleLessons(
  lang: Locale,
): Promise<{ collection: string | null; lessons: ProductCard[] }> {
  const collection = await getCollectionByHandle(FEATURED_COLLECTION, lang);
  return collection?.products.length
    ? { collection: collection.handle, lessons: collection.products.slice(0, LISTING_PAGE_SIZE) }
    : { collection: null, lessons: [] };
}
