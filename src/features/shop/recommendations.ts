import type { Locale } from '~/i18n/locales.ts';
import { storefrontRequest } from '~/lib/storefront/client.ts';
import { getProducts } from '~/lib/storefront/index.ts';
import {
  PRODUCT_RECOMMENDATIONS_QUERY,
  RECOMMENDED_HANDLES_QUERY,
} from '~/lib/storefront/operations/fresh.ts';
import { reshapeProductCard } from '~/lib/storefront/reshape.ts';
import type { ProductCard, RawProductCard } from '~/lib/storefront/types.ts';

/** How many recommendations a product page shows. */
const RECOMMENDATIONS_SHOWN = 4;

/** The product cards of a language by handle (from the one listing of every product). */
const cardsByHandle = new Map<Locale, Promise<Map<string, ProductCard>>>();
function cardsOf(language: Locale): Promise<Map<string, ProductCard>> {
  let cards = cardsByHandle.get(language);
  if (!cards) {
    cards = getProducts(language).then((all) => new Map(all.map((card) => [card.handle, card])));
    cardsByHandle.set(language, cards);
    cards.catch(() => cardsByHandle.delete(language));
  }
  return cards;
}

/**
 * "You may also like" for a product page, from Shopify's productRecommendations (RELATED),
 * rendered with the page at build time. The page asks only which products (their handles, in the
 * page's language and country, as Shopify's answer may depend on the market) and takes their cards
 * from the listing of every product it has already: a 2,000-product store's build asked for 6,000
 * full sets of cards before. A product the listing lacks is asked for with its card, as before.
 * A failure gives no section rather than a broken page.
 */
export async function getRecommendations(handle: string, language: Locale): Promise<ProductCard[]> {
  try {
    const data = await storefrontRequest<{ productRecommendations: { handle: string }[] | null }>(
      RECOMMENDED_HANDLES_QUERY,
      { handle },
      { language },
    );
    const wanted = (data.productRecommendations ?? [])
      .map((p) => p.handle)
      .filter((h) => h !== handle)
      .slice(0, RECOMMENDATIONS_SHOWN);
    const cards = await cardsOf(language);
    const found = wanted.map((h) => cards.get(h));
    if (found.every((card) => card !== undefined)) return found;
    return await recommendedCards(handle, language);
  } catch (error) {
    console.error(`recommendations for ${handle} failed`, error);
    return [];
  }
}

/** The recommendations with their cards, in one request. */
async function recommendedCards(handle: string, language: Locale): Promise<ProductCard[]> {
  const data = await storefrontRequest<{ productRecommendations: RawProductCard[] | null }>(
    PRODUCT_RECOMMENDATIONS_QUERY,
    { handle },
    { language },
  );
  return (data.productRecommendations ?? [])
    .filter((p) => p.handle !== handle)
    .slice(0, RECOMMENDATIONS_SHOWN)
    .map((p) => reshapeProductCard(p, language));
}
