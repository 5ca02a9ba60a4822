import { CARD_FRAGMENTS } from '../fragments.ts';

/** Shopify's `Filter` output as the listing pages read it. */
const FILTER_FRAGMENT = /* GraphQL */ `
  fragment FilterFields on Filter {
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
`;

/**
 * One page of a collection's products (the shop page reads Shopify's automatic `all` collection),
 * filtered, sorted and paged in either direction, with the filters Shopify offers for it.
 */
export const LISTING_QUERY = /* GraphQL */ `
  query ListingPage(
    $handle: String!
    $first: Int
    $last: Int
    $after: String
    $before: String
    $filters: [ProductFilter!]
    $sortKey: ProductCollectionSortKeys
    $reverse: Boolean
    $language: LanguageCode
    $country: CountryCode
  ) @inContext(language: $language, country: $country) {
    collection(handle: $handle) {
      id
      handle
      title
      products(
        first: $first
        last: $last
        after: $after
        before: $before
        filters: $filters
        sortKey: $sortKey
        reverse: $reverse
      ) {
        filters {
          ...FilterFields
        }
        pageInfo {
          hasNextPage
          hasPreviousPage
          startCursor
          endCursor
        }
        nodes {
          ...ProductCardFields
        }
      }
    }
  }
  ${FILTER_FRAGMENT}
  ${CARD_FRAGMENTS}
`;
