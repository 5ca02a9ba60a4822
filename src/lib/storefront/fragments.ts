import { TRANSLATIONS_SELECTION } from './translations.ts';

/*
 * Shared GraphQL fragments. Operations in ./operations/ append the ones they use, so the text
 * sent to Shopify and the text run by the local catalog are the same.
 */

export const IMAGE_FRAGMENT = /* GraphQL */ `
  fragment ImageFields on Image {
    url
    altText
    width
    height
  }
`;

export const MONEY_FRAGMENT = /* GraphQL */ `
  fragment MoneyFields on MoneyV2 {
    amount
    currencyCode
  }
`;

export const VARIANT_FRAGMENT = /* GraphQL */ `
  fragment VariantFields on ProductVariant {
    id
    title
    availableForSale
    price {
      ...MoneyFields
    }
    selectedOptions {
      name
      value
    }
    image {
      ...ImageFields
    }
  }
`;

/** What a product card in a grid needs. */
const PRODUCT_CARD_FRAGMENT = /* GraphQL */ `
  fragment ProductCardFields on Product {
    id
    handle
    title
    vendor
    productType
    tags
    availableForSale
    priceRange {
      minVariantPrice {
        ...MoneyFields
      }
      maxVariantPrice {
        ...MoneyFields
      }
    }
    featuredImage {
      ...ImageFields
    }${TRANSLATIONS_SELECTION}
    variants(first: 1) {
      nodes {
        ...VariantFields
      }
    }
  }
`;

/** Everything a product page shows. */
const PRODUCT_FRAGMENT = /* GraphQL */ `
  fragment ProductFields on Product {
    id
    handle
    title
    description
    descriptionHtml
    vendor
    productType
    tags
    availableForSale
    onlineStoreUrl${TRANSLATIONS_SELECTION}
    priceRange {
      minVariantPrice {
        ...MoneyFields
      }
      maxVariantPrice {
        ...MoneyFields
      }
    }
    options {
      name
      optionValues {
        name
      }
    }
    images(first: 20) {
      nodes {
        ...ImageFields
      }
    }
    variants(first: 100) {
      nodes {
        ...VariantFields
      }
    }
  }
`;

export const COLLECTION_FRAGMENT = /* GraphQL */ `
  fragment CollectionFields on Collection {
    id
    handle
    title
    description
    descriptionHtml
    image {
      ...ImageFields
    }${TRANSLATIONS_SELECTION}
  }
`;

/** Fragment texts needed for a product card. */
export const CARD_FRAGMENTS = PRODUCT_CARD_FRAGMENT + VARIANT_FRAGMENT + MONEY_FRAGMENT + IMAGE_FRAGMENT;
/** Fragment texts needed for a full product. */
export const PRODUCT_FRAGMENTS = PRODUCT_FRAGMENT + VARIANT_FRAGMENT + MONEY_FRAGMENT + IMAGE_FRAGMENT;
