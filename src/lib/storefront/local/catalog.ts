import type { GraphQLResolveInfo } from 'graphql';
import type { Locale } from '../../../i18n/locales.ts';
import { connection, localeOf } from './context.ts';
import { collectionExtras, collectionUpdatedAt, productExtras, textLocale } from './product-extras.ts';
import { allProductsCollection, type ProductListArgs, productConnection } from './product-query.ts';
import { createSearchRoot } from './search.ts';
import { queryTerms, sortCollections } from './sort-keys.ts';
import type { Catalog, FixtureCollection, FixtureImage, FixtureProduct, FixtureVariant } from './types.ts';

type Args = Record<string, unknown>;
type Resolver = (args: Args, context: unknown, info: GraphQLResolveInfo) => unknown;

const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`;
const DEFAULT_TITLE = 'Default Title';

/** Plain text of an HTML fragment, as Shopify's `description` field gives it. */
function textOf(html: string, truncateAt?: number | null): string {
  const text = html
    .replace(/<\/p>\s*<p>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!truncateAt || text.length <= truncateAt) return text;
  return `${text.slice(0, truncateAt).trimEnd()}…`;
}

/** Indexes a catalog and answers the product, collection and cart fields of the Storefront API. */
export function createCatalogRoot(catalog: Catalog): Record<string, Resolver> {
  const byHandle = new Map(catalog.products.map((p) => [p.handle, p]));
  const productById = new Map(catalog.products.map((p) => [gid('Product', p.id), p]));
  const variantById = new Map<string, { product: FixtureProduct; variant: FixtureVariant }>();
  for (const product of catalog.products) {
    for (const variant of product.variants)
      variantById.set(gid('ProductVariant', variant.id), { product, variant });
  }
  const collectionByHandle = new Map(catalog.collections.map((c) => [c.handle, c]));
  const collectionById = new Map(catalog.collections.map((c) => [gid('Collection', c.id), c]));
  // Shopify's automatic `all` collection: every product, in the shop's order; not listed in `collections`.
  const allProducts = allProductsCollection(catalog);

  const image = (i: FixtureImage, lang: Locale) => ({
    __typename: 'Image',
    id: `gid://shopify/ProductImage/${i.file}`,
    url: `/catalog/${i.file}`,
    altText: i.alt[lang],
    width: i.width,
    height: i.height,
  });
  const money = (amount: string) => ({ __typename: 'MoneyV2', amount, currencyCode: 'EUR' });

  function variantNode(product: FixtureProduct, v: FixtureVariant, lang: Locale): Record<string, unknown> {
    const selectedOptions = product.options.length
      ? product.options.map((o, i) => ({
          name: o.name[lang],
          value: o.values.find((x) => x.key === v.options[i])?.label[lang] ?? v.options[i],
        }))
      : [{ name: 'Title', value: DEFAULT_TITLE }];
    const file = v.image ?? product.images[0]?.file;
    const fixtureImage = product.images.find((i) => i.file === file);
    return {
      __typename: 'ProductVariant',
      id: gid('ProductVariant', v.id),
      title: product.options.length ? selectedOptions.map((o) => o.value).join(' / ') : DEFAULT_TITLE,
      availableForSale: v.available,
      currentlyNotInStock: !v.available,
      price: money(v.price),
      priceV2: money(v.price),
      compareAtPrice: null,
      selectedOptions,
      image: fixtureImage ? image(fixtureImage, lang) : null,
      sku: `CO-${v.id}`,
      requiresShipping: !product.tags.includes('digital'),
      product: () => productNode(product, lang),
    };
  }

  function productNode(p: FixtureProduct, lang: Locale): Record<string, unknown> {
    const prices = p.variants.map((v) => Number(v.price));
    const min = p.variants[prices.indexOf(Math.min(...prices))]?.price ?? '0.00';
    const max = p.variants[prices.indexOf(Math.max(...prices))]?.price ?? '0.00';
    const variants = () => p.variants.map((v) => variantNode(p, v, lang));
    const images = () => p.images.map((i) => image(i, lang));
    const options = p.options.length
      ? p.options.map((o, i) => ({
          id: `gid://shopify/ProductOption/${p.id}${i}`,
          name: o.name[lang],
          optionValues: o.values.map((v) => ({
            id: `gid://shopify/ProductOptionValue/${v.key}`,
            name: v.label[lang],
          })),
        }))
      : [
          {
            id: `gid://shopify/ProductOption/${p.id}0`,
            name: 'Title',
            optionValues: [{ name: DEFAULT_TITLE }],
          },
        ];
    return {
      __typename: 'Product',
      id: gid('Product', p.id),
      handle: p.handle,
      title: p.title[textLocale(p, lang)],
      description: (args: Args) =>
        textOf(p.descriptionHtml[textLocale(p, lang)], args.truncateAt as number | null),
      descriptionHtml: p.descriptionHtml[textLocale(p, lang)],
      vendor: p.vendor,
      productType: p.productType,
      tags: p.tags,
      availableForSale: p.variants.some((v) => v.available),
      onlineStoreUrl: null,
      priceRange: { minVariantPrice: money(min), maxVariantPrice: money(max) },
      options,
      featuredImage: p.images[0] ? image(p.images[0], lang) : null,
      images: (args: Args) => connection(images(), args),
      variants: (args: Args) => connection(variants(), args),
      metafield: () => null,
      collections: (args: Args) =>
        connection(
          catalog.collections
            .filter((c) => c.products.includes(p.handle))
            .map((c) => collectionNode(c, lang)),
          args,
        ),
      ...productExtras(
        p,
        lang,
        (v) => variantNode(p, v, lang),
        () => productNode(p, lang),
      ),
    };
  }

  function collectionNode(c: FixtureCollection, lang: Locale): Record<string, unknown> {
    return {
      __typename: 'Collection',
      id: gid('Collection', c.id),
      handle: c.handle,
      title: c.title[textLocale(c, lang)],
      description: (args: Args) =>
        textOf(c.descriptionHtml[textLocale(c, lang)], args.truncateAt as number | null),
      descriptionHtml: c.descriptionHtml[textLocale(c, lang)],
      image: image(c.image, lang),
      metafield: () => null,
      products: (args: Args) =>
        productConnection(
          c.products.flatMap((h) => {
            const p = byHandle.get(h);
            return p ? [p] : [];
          }),
          args as ProductListArgs,
          lang,
          (p) => productNode(p, lang),
        ),
      ...collectionExtras(c, () => collectionNode(c, lang)),
    };
  }

  /** Shopify's product search syntax, reduced to what we use: words in the title, tag:x, product_type:x. */
  function matches(p: FixtureProduct, query: string | undefined, lang: Locale): boolean {
    if (!query) return true;
    return query
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .every((term) => {
        const [field, value] = term.includes(':') ? term.split(':', 2) : ['', term];
        if (field === 'tag') return p.tags.includes(value ?? '');
        if (field === 'product_type') return p.productType.toLowerCase() === value;
        return p.title[lang].toLowerCase().includes(value ?? '');
      });
  }

  function nodeById(id: string, lang: Locale): Record<string, unknown> | null {
    const variant = variantById.get(id);
    if (variant) return variantNode(variant.product, variant.variant, lang);
    const product = productById.get(id);
    if (product) return productNode(product, lang);
    const collection = collectionById.get(id);
    return collection ? collectionNode(collection, lang) : null;
  }

  return {
    ...createSearchRoot(catalog, { productNode, collectionNode }),
    products: (args, _ctx, info) => {
      const lang = localeOf(info);
      const list = catalog.products.filter((p) => matches(p, args.query as string | undefined, lang));
      // RELEVANCE without query words is no order of its own: Shopify answers the default (ID).
      const sortKey = args.sortKey === 'RELEVANCE' && !queryTerms(args.query).length ? 'ID' : args.sortKey;
      return productConnection(list, { ...args, sortKey } as ProductListArgs, lang, (p) =>
        productNode(p, lang),
      );
    },
    product: (args, _ctx, info) => {
      const found =
        typeof args.handle === 'string' ? byHandle.get(args.handle) : productById.get(String(args.id ?? ''));
      return found ? productNode(found, localeOf(info)) : null;
    },
    collections: (args, _ctx, info) => {
      const lang = localeOf(info);
      const sortable = catalog.collections.map((c) => ({
        c,
        id: c.id,
        handle: c.handle,
        title: c.title[textLocale(c, lang)],
        updatedAt: collectionUpdatedAt(c),
        text: c.descriptionHtml[textLocale(c, lang)],
      }));
      return connection(
        sortCollections(sortable, args, lang).map((x) => collectionNode(x.c, lang)),
        args,
      );
    },
    collection: (args, _ctx, info) => {
      const found =
        typeof args.handle === 'string'
          ? (collectionByHandle.get(args.handle) ?? (args.handle === 'all' ? allProducts : undefined))
          : collectionById.get(String(args.id ?? ''));
      return found ? collectionNode(found, localeOf(info)) : null;
    },
    node: (args, _ctx, info) => nodeById(String(args.id), localeOf(info)),
    shop: () => ({
      __typename: 'Shop',
      id: 'gid://shopify/Shop/1',
      name: 'Chosen Ones',
      description: 'Local catalog: the shop runs without a Shopify store configured.',
      primaryDomain: { url: 'http://localhost:4321', host: 'localhost', sslEnabled: false },
    }),
  };
}
