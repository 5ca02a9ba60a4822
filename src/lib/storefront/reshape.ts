import { sanitizeMerchantHtml } from '../html/sanitize.ts';
import type { Collection, Product, ProductCard, RawCollection, RawProduct, RawProductCard } from './types.ts';

/** A product card without GraphQL connection shapes. */
export function reshapeProductCard(raw: RawProductCard): ProductCard {
  const { priceRange, featuredImage, variants, ...rest } = raw;
  return {
    ...rest,
    priceRange: { min: priceRange.minVariantPrice, max: priceRange.maxVariantPrice },
    image: featuredImage,
    firstVariant: variants.nodes[0] ?? null,
  };
}

/** A full product without GraphQL connection shapes. */
export function reshapeProduct(raw: RawProduct): Product {
  const { priceRange, options, images, variants, descriptionHtml, ...rest } = raw;
  return {
    ...rest,
    // Merchant HTML is rendered with set:html, so it is sanitized here, once, at build time.
    descriptionHtml: sanitizeMerchantHtml(descriptionHtml),
    priceRange: { min: priceRange.minVariantPrice, max: priceRange.maxVariantPrice },
    options: options.map((o) => ({ name: o.name, values: o.optionValues.map((v) => v.name) })),
    images: images.nodes,
    variants: variants.nodes,
  };
}

/** A collection with plain product cards. */
export function reshapeCollection(raw: RawCollection): Collection {
  const { products, descriptionHtml, ...rest } = raw;
  return {
    ...rest,
    descriptionHtml: sanitizeMerchantHtml(descriptionHtml),
    products: products.nodes.map(reshapeProductCard),
  };
}
