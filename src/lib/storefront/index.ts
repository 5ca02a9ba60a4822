/** The storefront client: one seam for Shopify or the local catalog. */
export { storefrontConfig, storefrontRequest, usesShopify } from './client.ts';
export { StorefrontError } from './errors.ts';
export * from './fetchers.ts';
export * from './listing.ts';
export { formatCents, formatMoney, toCents } from './money.ts';
export { cartPermalink, numericId } from './permalink.ts';
export type * from './types.ts';
export { STOREFRONT_API_VERSION } from './version.ts';
