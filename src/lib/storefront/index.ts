/** The storefront client: one seam for Shopify or the local catalog. */
export { storefrontConfig, usesShopify } from './client.ts';

export * from './fetchers.ts';
export * from './listing.ts';
export { formatCents, toCents } from './money.ts';
export { cartPermalink, numericId } from './permalink.ts';
export type * from './types.ts';
