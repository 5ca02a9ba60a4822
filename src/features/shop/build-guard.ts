import { usesShopify } from '~/lib/storefront/index.ts';

/**
 * Stops a build against a configured Shopify store that answers with no products: an empty
 * shop is never deployed (ARCHITECTURE.md, Shop data). Unreachable stores and GraphQL errors
 * already fail the build with a StorefrontError from the fetchers.
 */
export function assertShopNotEmpty(productCount: number): void {
  if (productCount === 0 && usesShopify()) {
    throw new Error(
      `The Shopify store ${process.env.SHOPIFY_STORE_DOMAIN} answered with no products. Refusing to build an empty shop; check SHOPIFY_STORE_DOMAIN, SHOPIFY_STOREFRONT_ACCESS_TOKEN and the store's sales channel.`,
    );
  }
}
