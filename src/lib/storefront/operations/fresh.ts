import { CARD_FRAGMENTS } from '../fragments.ts';

/*
 * Operations of the "fresh" part of the shop: the after-load stock and price check, quick add and
 * product recommendations (the checkout cart with discount codes is in ./cart.ts).
 */

/** Price and availability of variants, now (not as at build time). Unknown ids answer null. */
export const FRESH_VARIANTS_QUERY = /* GraphQL */ `
  query FreshVariants($ids: [ID!]!, $language: LanguageCode, $country: CountryCode)
  @inContext(language: $language, country: $country) {
    nodes(ids: $ids) {
      ... on ProductVariant {
        id
        availableForSale
        price {
          amount
          currencyCode
        }
      }
    }
  }
`;

/**
 * Which products Shopify recommends for a product, by handle: a build renders their cards from
 * the product cards it has already (one listing a language), so each product page asks only this.
 */
export const RECOMMENDED_HANDLES_QUERY = /* GraphQL */ `
  query RecommendedHandles($handle: String!, $language: LanguageCode, $country: CountryCode)
  @inContext(language: $language, country: $country) {
    productRecommendations(productHandle: $handle, intent: RELATED) {
      handle
    }
  }
`;

/** "You may also like": Shopify's related products for a product, with their cards. */
export const PRODUCT_RECOMMENDATIONS_QUERY = /* GraphQL */ `
  query ProductRecommendations($handle: String!, $language: LanguageCode, $country: CountryCode)
  @inContext(language: $language, country: $country) {
    productRecommendations(productHandle: $handle, intent: RELATED) {
      ...ProductCardFields
    }
  }
  ${CARD_FRAGMENTS}
`;

/** A product's variants for the quick-add chooser of the product grids (fetched at the click). */
export const QUICK_ADD_PRODUCT_QUERY = /* GraphQL */ `
  query QuickAddProduct($handle: String!, $language: LanguageCode, $country: CountryCode)
  @inContext(language: $language, country: $country) {
    product(handle: $handle) {
      id
      handle
      title
      featuredImage {
        url
      }
      variants(first: 100) {
        nodes {
          id
          title
          availableForSale
          price {
            amount
            currencyCode
          }
          image {
            url
          }
        }
      }
    }
  }
`;
