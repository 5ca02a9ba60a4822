/**
 * Content operations (blogs, articles, shop policies). Each carries @inContext so Shopify answers
 * in the page's language; the local catalog reads the same directive.
 */

const ARTICLE_SUMMARY_FRAGMENT = /* GraphQL */ `
  fragment ArticleSummary on Article {
    id
    handle
    title
    excerpt
    content
    publishedAt
    tags
    image {
      url
      altText
      width
      height
    }
    authorV2 {
      firstName
      lastName
      name
    }
    blog {
      handle
    }
  }
`;

/** One blog with its newest articles (the spec fetches the first 50). */
export const BLOG_ARTICLES_QUERY = /* GraphQL */ `
  query BlogArticles($handle: String!, $first: Int!, $language: LanguageCode, $country: CountryCode)
  @inContext(language: $language, country: $country) {
    blog(handle: $handle) {
      id
      handle
      title
      seo {
        title
        description
      }
      articles(first: $first, sortKey: PUBLISHED_AT, reverse: true) {
        nodes {
          ...ArticleSummary
        }
      }
    }
  }
  ${ARTICLE_SUMMARY_FRAGMENT}
`;

/** One article of one blog, with its HTML body. */
export const ARTICLE_BY_HANDLE_QUERY = /* GraphQL */ `
  query ArticleByHandle(
    $blogHandle: String!
    $articleHandle: String!
    $language: LanguageCode
    $country: CountryCode
  ) @inContext(language: $language, country: $country) {
    blog(handle: $blogHandle) {
      id
      handle
      title
      articleByHandle(handle: $articleHandle) {
        ...ArticleSummary
        contentHtml
        seo {
          title
          description
        }
      }
    }
  }
  ${ARTICLE_SUMMARY_FRAGMENT}
`;

const SHOP_POLICY_FRAGMENT = /* GraphQL */ `
  fragment ShopPolicyFields on ShopPolicy {
    id
    handle
    title
    body
    url
  }
`;

/** The four shop policies in one language. */
export const SHOP_POLICIES_QUERY = /* GraphQL */ `
  query ShopPolicies($language: LanguageCode, $country: CountryCode)
  @inContext(language: $language, country: $country) {
    shop {
      privacyPolicy {
        ...ShopPolicyFields
      }
      refundPolicy {
        ...ShopPolicyFields
      }
      shippingPolicy {
        ...ShopPolicyFields
      }
      termsOfService {
        ...ShopPolicyFields
      }
    }
  }
  ${SHOP_POLICY_FRAGMENT}
`;
