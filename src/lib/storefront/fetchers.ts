import type { Locale } from '../../i18n/locales.ts';
import { cached } from './cache.ts';
import { storefrontRequest } from './client.ts';
import { CART_CREATE_MUTATION } from './operations/cart.ts';
import {
  COLLECTION_BY_HANDLE_QUERY,
  COLLECTIONS_QUERY,
  PRODUCT_BY_HANDLE_QUERY,
  PRODUCT_DETAILS_QUERY,
  PRODUCTS_QUERY,
  VARIANTS_BY_IDS_QUERY,
} from './operations/products.ts';
import { reshapeCollection, reshapeProduct, reshapeProductCard } from './reshape.ts';
import { applyTranslations, type RawTranslations } from './translations.ts';
import type {
  CartUserError,
  Collection,
  Nodes,
  PageInfo,
  Product,
  ProductCard,
  RawCollection,
  RawProduct,
  RawProductCard,
  Variant,
} from './types.ts';

/* Typed fetchers; their read results are cached per process (./cache.ts). */

/** Collects every page of a connection. */
async function allPages<N>(
  fetchPage: (after: string | null) => Promise<{ nodes: N[]; pageInfo: PageInfo }>,
): Promise<N[]> {
  const out: N[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await fetchPage(after);
    out.push(...page.nodes);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return out;
    after = page.pageInfo.endCursor;
  }
}

/** Collections with their first 20 products. */
export function getCollections(language: Locale, first = 20): Promise<Collection[]> {
  return cached(`collections:${language}:${first}`, async () => {
    const data = await storefrontRequest<{ collections: Nodes<RawCollection> }>(
      COLLECTIONS_QUERY,
      { first },
      { language },
    );
    return data.collections.nodes.map((c) => reshapeCollection(c, language));
  });
}

/** One collection with all its products, or null when there is none with that handle. */
export function getCollectionByHandle(handle: string, language: Locale): Promise<Collection | null> {
  return cached(`collection:${language}:${handle}`, async () => {
    let head: RawCollection | null = null;
    const products = await allPages<RawProductCard>(async (after) => {
      const data = await storefrontRequest<{
        collection: (RawCollection & { products: { pageInfo: PageInfo } }) | null;
      }>(COLLECTION_BY_HANDLE_QUERY, { handle, first: 100, after }, { language });
      if (!data.collection) return { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
      head ??= data.collection;
      return data.collection.products;
    });
    if (!head) return null;
    const found: RawCollection = head;
    return reshapeCollection({ ...found, products: { nodes: products } }, language);
  });
}

/** Product cards, all of them or those matching a Shopify search query. */
export function getProducts(language: Locale, query?: string): Promise<ProductCard[]> {
  return cached(`products:${language}:${query ?? ''}`, async () => {
    const nodes = await allPages<RawProductCard>(async (after) => {
      const data = await storefrontRequest<{ products: Nodes<RawProductCard> & { pageInfo: PageInfo } }>(
        PRODUCTS_QUERY,
        { first: 100, after, query: query ?? null },
        { language },
      );
      return data.products;
    });
    return nodes.map((n) => reshapeProductCard(n, language));
  });
}

/** Every product with everything its page shows, for rendering all product pages. */
export function getAllProductDetails(language: Locale): Promise<Product[]> {
  return cached(`details:${language}`, async () => {
    const nodes = await allPages<RawProduct>(async (after) => {
      const data = await storefrontRequest<{ products: Nodes<RawProduct> & { pageInfo: PageInfo } }>(
        PRODUCT_DETAILS_QUERY,
        { first: 25, after },
        { language },
      );
      return data.products;
    });
    return nodes.map((n) => reshapeProduct(n, language));
  });
}

/** One product by handle, or null. */
export async function getProductByHandle(handle: string, language: Locale): Promise<Product | null> {
  const data = await storefrontRequest<{ product: RawProduct | null }>(
    PRODUCT_BY_HANDLE_QUERY,
    { handle },
    { language },
  );
  return data.product ? reshapeProduct(data.product, language) : null;
}

export type VariantWithProduct = Variant & { product: { id: string; handle: string; title: string } };

/** Variants by global id; unknown ids give null in their place. */
export async function getVariants(ids: string[], language: Locale): Promise<(VariantWithProduct | null)[]> {
  const data = await storefrontRequest<{ nodes: (VariantWithProduct | Record<string, never> | null)[] }>(
    VARIANTS_BY_IDS_QUERY,
    { ids },
    { language },
  );
  return data.nodes.map((n) => {
    if (!n || !('id' in n)) return null;
    const variant = n as VariantWithProduct & { product: RawTranslations };
    return { ...variant, product: applyTranslations(variant.product, language) };
  });
}

export type CreatedCart = {
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
  /** The codes asked for, each with whether the store applies it. */
  discountCodes?: { code: string; applicable: boolean }[];
  cost?: { subtotalAmount: { amount: string }; totalAmount: { amount: string } };
};

/** Creates a cart (Cart API) for checkout; buyerIdentity.countryCode follows the language. */
export async function createCart(
  lines: readonly { variantId: string; quantity: number }[],
  language: Locale,
  countryCode: string,
  discountCodes: string[] = [],
): Promise<{ cart: CreatedCart | null; userErrors: CartUserError[] }> {
  const data = await storefrontRequest<{
    cartCreate: { cart: CreatedCart | null; userErrors: CartUserError[] } | null;
  }>(
    CART_CREATE_MUTATION,
    {
      input: {
        lines: lines.map((l) => ({ merchandiseId: l.variantId, quantity: l.quantity })),
        buyerIdentity: { countryCode },
        discountCodes,
      },
    },
    { language },
  );
  return (
    data.cartCreate ?? { cart: null, userErrors: [{ code: null, field: null, message: 'No cart returned.' }] }
  );
}

export { clearStorefrontCache } from './cache.ts';
