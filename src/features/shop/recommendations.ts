import type { Locale } from '~/i18n/locales.ts';
import { storefrontRequest } from '~/lib/storefront/client.ts';
import { PRODUCT_RECOMMENDATIONS_QUERY } from '~/lib/storefront/operations/fresh.ts';
import { reshapeProductCard } from '~/lib/storefront/reshape.ts';
import type { ProductCard, RawProductCard } from '~/lib/storefront/types.ts';

/** How many recommendations a product page shows. */
const RECOMMENDATIONS_SHOWN = 4;

/**
 * "You may also like" for a product page, from Shopify's productRecommendations (RELATED),
 * rendered with the page at build time. A failure gives no section rather than a broken page.
 */
export async function getRecommendations(handle: string, language: Locale): Promise<ProductCard[]> {
  try {
    const data = await storefrontRequest<{ productRecommendations: RawProductCard[] | null }>(
      PRODUCT_RECOMMENDATIONS_QUERY,
      { handle },
      { language },
    );
    return (data.productRecommendations ?? [])
      .filter((p) => p.handle !== handle)
      .slice(0, RECOMMENDATIONS_SHOWN)
      .map((p) => reshapeProductCard(p, language));
  } catch (error) {
    console.error(`recommendations for ${handle} failed`, error);
    return [];
  }
}
