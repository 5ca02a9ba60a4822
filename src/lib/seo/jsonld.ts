/**
 * Builders for schema.org JSON-LD blocks: Organization (home), BlogPosting (articles) and Product
 * with offers (product pages). They take plain data and absolute URLs and return plain objects;
 * `serializeJsonLd` turns one into text that is safe inside a <script> element.
 */
import { intlLocale, type Locale } from '../../i18n/locales.ts';
import { site } from '../site.ts';

export type JsonLd = Record<string, unknown>;

const absolute = (path: string, base: URL | string) => new URL(path, base).href;

/** The site's organization, for the home page. */
export function organizationJsonLd(base: URL | string, description?: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': absolute('/#organization', base),
    name: site.name,
    url: absolute('/', base),
    logo: absolute('/favicon.svg', base),
    image: absolute('/og-image.png', base),
    ...(description ? { description } : {}),
    email: site.email,
    telephone: site.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: site.address.city,
      addressCountry: site.address.country,
    },
    sameAs: site.social.map((s) => s.href),
  };
}

export type BlogPostingInput = {
  title: string;
  description: string;
  /** Absolute URL of the article page. */
  url: string;
  /** Absolute URL of the article's picture. */
  image: string | null;
  publishedAt: string;
  author: string | null;
  tags: readonly string[];
  blogTitle: string;
  /** Absolute URL of the blog's overview page. */
  blogUrl: string;
  lang: Locale;
};

/** A BlogPosting for an article page. */
export function blogPostingJsonLd(input: BlogPostingInput, base: URL | string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${input.url}#article`,
    mainEntityOfPage: input.url,
    url: input.url,
    headline: input.title.slice(0, 110),
    description: input.description,
    ...(input.image ? { image: [input.image] } : {}),
    datePublished: input.publishedAt,
    dateModified: input.publishedAt,
    inLanguage: intlLocale[input.lang],
    ...(input.tags.length ? { keywords: input.tags.join(', ') } : {}),
    author: input.author
      ? { '@type': 'Person', name: input.author }
      : { '@type': 'Organization', name: site.name, url: absolute('/', base) },
    publisher: {
      '@type': 'Organization',
      '@id': absolute('/#organization', base),
      name: site.name,
      logo: { '@type': 'ImageObject', url: absolute('/favicon.svg', base) },
    },
    isPartOf: { '@type': 'Blog', name: input.blogTitle, url: input.blogUrl },
  };
}

type Money = { amount: string; currencyCode: string };
/** The product fields the builder reads; the storefront's `Product` type satisfies it. */
export type ProductForJsonLd = {
  title: string;
  description: string;
  handle: string;
  vendor: string;
  productType?: string;
  images: readonly { url: string }[];
  variants: readonly { id: string; title: string; availableForSale: boolean; price: Money }[];
};

const schemaAvailability = (available: boolean) =>
  available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

/**
 * A Product with offers for a product page: one Offer per variant (Google reads price,
 * priceCurrency and availability from each). `url` is the product page's absolute address.
 */
export function productJsonLd(product: ProductForJsonLd, url: string, base: URL | string): JsonLd {
  const offers = product.variants.map((v) => ({
    '@type': 'Offer',
    ...(product.variants.length > 1 ? { name: v.title } : {}),
    sku: v.id.split('/').pop(),
    price: Number(v.price.amount).toFixed(2),
    priceCurrency: v.price.currencyCode,
    availability: schemaAvailability(v.availableForSale),
    url,
    seller: { '@type': 'Organization', name: site.name },
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.title,
    description: product.description,
    url,
    sku: product.handle,
    ...(product.images.length ? { image: product.images.map((i) => absolute(i.url, base)) } : {}),
    brand: { '@type': 'Brand', name: product.vendor || site.name },
    ...(product.productType ? { category: product.productType } : {}),
    offers,
  };
}

/**
 * JSON for a <script type="application/ld+json"> element. `<`, `>` and `&` are escaped as
 * \u003c etc., so merchant text containing "</script>" cannot end the element early.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
