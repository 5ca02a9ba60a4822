import type { Locale } from '../../i18n/locales.ts';
import { sanitizeMerchantHtml } from '../html/sanitize.ts';
import { applyTranslations } from './translations.ts';
import type { Collection, Product, ProductCard, RawCollection, RawProduct, RawProductCard } from './types.ts';

/*
 * Translation metafields for the language win over what the store answered (see
 * ./translations.ts). The language is required: pass the one the operation ran in (never
 * `.map(reshapeProductCard)`, which would pass the index).
 */

/** A product card without GraphQL connection shapes. */
export function reshapeProductCard(raw: RawProductCard, language: Locale): ProductCard {
  const { priceRange, featuredImage, variants, ...rest } = applyTranslations(raw, language);
  return {
    ...rest,
    priceRange: { min: priceRange.minVariantPrice, max: priceRange.maxVariantPrice },
    image: featuredImage,
    firstVariant: variants.nodes[0] ?? null,
  };
}

/** A full product without GraphQL connection shapes. */
export function reshapeProduct(raw: RawProduct, language: Locale): Product {
  const { priceRange, options, images, variants, descriptionHtml, ...rest } = applyTranslations(
    raw,
    language,
  );
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
export function reshapeCollection(raw: RawCollection, language: Locale): Collection {
  const { products, descriptionHtml, ...rest } = applyTranslations(raw, language);
  return {
    ...rest,
    descriptionHtml: sanitizeMerchantHtml(descriptionHtml),
    products: products.nodes.map((p) => reshapeProductCard(p, language)),
  };
}
