import { CARD_FRAGMENTS, IMAGE_FRAGMENT, MONEY_FRAGMENT } from '../fragments.ts';
import { TRANSLATIONS_SELECTION } from '../translations.ts';

/**
 * Predictive results while a shopper types in the header's search field: query suggestions,
 * products with image and price, collections and articles (the site has no pages of Shopify's
 * online store, so pages are not asked for).
 */
export const PREDICTIVE_SEARCH_QUERY = /* GraphQL */ `
  query PredictiveSearch(
    $query: String!
    $limit: Int!
    $language: LanguageCode
    $country: CountryCode
  ) @inContext(language: $language, country: $country) {
    predictiveSearch(
      query: $query
      limit: $limit
      limitScope: EACH
      types: [QUERY, PRODUCT, COLLECTION, ARTICLE]
      searchableFields: [TITLE, PRODUCT_TYPE, VARIANTS_TITLE, VENDOR, TAG, BODY]
      unavailableProducts: LAST
    ) {
      queries {
        text
        styledText
      }
      products {
        id
        handle
        title
        availableForSale
        ${TRANSLATIONS_SELECTION}
        featuredImage {
          ...ImageFields
        }
        priceRange {
          minVariantPrice {
            ...MoneyFields
          }
          maxVariantPrice {
            ...MoneyFields
          }
        }
      }
      collections {
        id
        handle
        title
        ${TRANSLATIONS_SELECTION}
        image {
          ...ImageFields
        }
      }
      articles {
        id
        handle
        title
        blog {
          handle
        }
      }
    }
  }
  ${IMAGE_FRAGMENT}
  ${MONEY_FRAGMENT}
`;

/**
 * The results page: a page of products (paging both ways, sort, Shopify's product filters and
 * their counts) and the first matching articles.
 */
export const SEARCH_QUERY = /* GraphQL */ `
  query Search(
    $query: String!
    $first: Int
    $after: String
    $last: Int
    $before: String
    $sortKey: SearchSortKeys
    $reverse: Boolean
    $productFilters: [ProductFilter!]
    $articles: Int!
    $language: LanguageCode
    $country: CountryCode
  ) @inContext(language: $language, country: $country) {
    products: search(
      query: $query
      types: [PRODUCT]
      first: $first
      after: $after
      last: $last
      before: $before
      sortKey: $sortKey
      reverse: $reverse
      productFilters: $productFilters
      prefix: LAST
      unavailableProducts: LAST
    ) {
      totalCount
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
      productFilters {
        id
        label
        type
        values {
          id
          label
          count
          input
        }
      }
      nodes {
        ... on Product {
          ...ProductCardFields
        }
      }
    }
    articles: search(query: $query, types: [ARTICLE], first: $articles, prefix: LAST) {
      totalCount
      nodes {
        ... on Article {
          id
          handle
          title
          publishedAt
          blog {
            handle
          }
        }
      }
    }
  }
  ${CARD_FRAGMENTS}
`;
