import { FEATURED_COLLECTION } from '~/features/home/featured.ts';
import type { Locale } from '~/i18n/locales.ts';
import { getCollectionByHandle } from '~/lib/storefront/fetchers.ts';
import type { ProductCard } from '~/lib/storefront/types.ts';

/** The digital temple's lessons: every product of the digital-products collection. */
export async function getTempleLessons(
  lang: Locale,
): Promise<{ collection: string | null; lessons: ProductCard[] }> {
  const collection = await getCollectionByHandle(FEATURED_COLLECTION, lang);
  return collection?.products.length
    ? { collection: collection.handle, lessons: collection.products }
    : { collection: null, lessons: [] };
}
