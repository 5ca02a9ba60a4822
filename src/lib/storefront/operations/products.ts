import {
  CARD_FRAGMENTS,
  COLLECTION_FRAGMENT,
  IMAGE_FRAGMENT,
  MONEY_FRAGMENT,
  PRODUCT_FRAGMENTS,
  VARIANT_FRAGMENT,
} from '../fragments.ts';
import { TRANSLATIONS_SELECTION } from '../translations.ts';

/** Collections with the first products of each (shop filter buttons, home page). */
export const COLLECTIONS_QUERY = /* GraphQL */ `
  query Collections($first: Int!, $language: LanguageCode, $country: CountryCode)
  @inContext(language: $language, country: $country) {
    collections(first: $first) {
      nodes {
        ...CollectionFields
        products(first: 20) {
          nodes {
            ...ProductCardFields
          }
        }
      }
    }
  }
  ${COLLECTION_FRAGMENT}
  ${CARD_FRAGMENTS}
`;

/** One collection and a page of its products. */
export const COLLECTION_BY_HANDLE_QUERY = /* GraphQL */ `
  query CollectionByHandle(
    $handle: String!
    $first: Int!
    $after: String
    $language: LanguageCode
    $country: CountryCode
  ) @inContext(language: $language, country: $country) {
    collection(handle: $handle) {
      ...CollectionFields
      products(first: $first, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          ...ProductCardFields
        }
      }
    }
  }
  ${COLLECTION_FRAGMENT}
  ${CARD_FRAGMENTS}
`;

/** A page of product cards, optionally filtered with Shopify's search syntax. */
export const PRODUCTS_QUERY = /* GraphQL */ `
  query Products(
    $first: Int!
    $after: String
    $query: String
    $language: LanguageCode
    $country: CountryCode
  ) @inContext(language: $language, country: $country) {
    products(first: $first, after: $after, query: $query) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...ProductCardFields
      }
    }
  }
  ${CARD_FRAGMENTS}
`;

/** A page of full products, for rendering every product page at build time. */
export const PRODUCT_DETAILS_QUERY = /* GraphQL */ `
  query ProductDetails($first: Int!, $after: String, $language: LanguageCode, $country: CountryCode)
  @inContext(language: $language, country: $country) {
    products(first: $first, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...ProductFields
      }
    }
  }
  ${PRODUCT_FRAGMENTS}
`;

/** One full product by handle. */
export const PRODUCT_BY_HANDLE_QUERY = /* GraphQL */ `
  query ProductByHandle($handle: String!, $language: LanguageCode, $country: CountryCode)
  @inContext(language: $language, country: $country) {
    product(handle: $handle) {
      ...ProductFields
    }
  }
  ${PRODUCT_FRAGMENTS}
`;

/** Variants by id with their product's title and handle (demo checkout, cart checks). */
export const VARIANTS_BY_IDS_QUERY = /* GraphQL */ `
  query VariantsByIds($ids: [ID!]!, $language: LanguageCode, $country: CountryCode)
  @inContext(language: $language, country: $country) {
    nodes(ids: $ids) {
      ... on ProductVariant {
        ...VariantFields
        product {
          id
          handle
          title${TRANSLATIONS_SELECTION}
        }
      }
    }
  }
  ${VARIANT_FRAGMENT}
  ${MONEY_FRAGMENT}
  ${IMAGE_FRAGMENT}
`;

/** The connection test: reads the shop's name and description. */
export const SHOP_QUERY = /* GraphQL */ `
  query Shop {
    shop {
      name
      description
      primaryDomain {
        url
      }
    }
  }
`;
