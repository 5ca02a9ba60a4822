/**
 * The Storefront API version every request is pinned to. It matches the schema shipped in
 * @shopify/hydrogen-react (storefront.schema.json), which the operation test validates against.
 */
export const STOREFRONT_API_VERSION = '2026-04';
