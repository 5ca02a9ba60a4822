/**
 * The local store's `search` and `predictiveSearch` (Storefront API 2026-04): products,
 * collections, articles and query suggestions found in the language of the operation's
 * `@inContext`, matched by ./search-text.ts. Wired into the catalog's root by ./catalog.ts.
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { Locale } from '../../../i18n/locales.ts';
import { articleNode, localBlogs } from './content.ts';
import { connection, localeOf } from './context.ts';
import type { ArticleFixture, BlogFixture } from './fixtures/content/types.ts';
import { cachedFilters } from './product-filters.ts';
import { filterProducts, type ProductFilter } from './product-query.ts';
import { type Field, field, parseQuery, type Query, suggestions, WordIndex } from './search-text.ts';
import type { Catalog, FixtureCollection, FixtureProduct } from './types.ts';

type Args = Record<string, unknown>;
type Resolver = (args: Args, context: unknown, info: GraphQLResolveInfo) => unknown;
type Node = Record<string, unknown>;

type SearchableField =
  | 'AUTHOR'
  | 'BODY'
  | 'PRODUCT_TYPE'
  | 'TAG'
  | 'TITLE'
  | 'VARIANTS_BARCODE'
  | 'VARIANTS_SKU'
  | 'VARIANTS_TITLE'
  | 'VENDOR';

/** How the catalog turns fixtures into Storefront objects (from ./catalog.ts). */
export type SearchNodes = {
  productNode: (p: FixtureProduct, lang: Locale) => Node;
  collectionNode: (c: FixtureCollection, lang: Locale) => Node;
};

/** Fields searched when the operation names none: Shopify's defaults for predictive search. */
const PREDICTIVE_DEFAULT: readonly SearchableField[] = ['TITLE', 'PRODUCT_TYPE', 'VARIANTS_TITLE', 'VENDOR'];
const ALL_FIELDS: readonly SearchableField[] = [
  'TITLE',
  'PRODUCT_TYPE',
  'VARIANTS_TITLE',
  'VENDOR',
  'TAG',
  'BODY',
  'AUTHOR',
  'VARIANTS_SKU',
];
const WEIGHT: Record<SearchableField, number> = {
  TITLE: 10,
  PRODUCT_TYPE: 4,
  VARIANTS_TITLE: 3,
  VENDOR: 3,
  TAG: 3,
  AUTHOR: 2,
  VARIANTS_SKU: 2,
  VARIANTS_BARCODE: 2,
  BODY: 1,
};

type Doc<T> = { item: T; order: number; fields: Partial<Record<SearchableField, Field>> };
type Hit<T> = { item: T; order: number; score: number };

const minPrice = (p: FixtureProduct) => Math.min(...p.variants.map((v) => Number(v.price)));
const available = (p: FixtureProduct) => p.variants.some((v) => v.available);

function productDoc(p: FixtureProduct, order: number, lang: Locale): Doc<FixtureProduct> {
  return {
    item: p,
    order,
    fields: {
      TITLE: field([p.title[lang]], WEIGHT.TITLE),
      PRODUCT_TYPE: field([p.productType], WEIGHT.PRODUCT_TYPE),
      VARIANTS_TITLE: field(
        p.options.flatMap((o) => o.values.map((v) => v.label[lang])),
        WEIGHT.VARIANTS_TITLE,
      ),
      VENDOR: field([p.vendor], WEIGHT.VENDOR),
      TAG: field(p.tags, WEIGHT.TAG),
      BODY: field([p.descriptionHtml[lang].replace(/<[^>]+>/g, ' ')], WEIGHT.BODY),
      VARIANTS_SKU: field(
        p.variants.map((v) => `CO-${v.id}`),
        WEIGHT.VARIANTS_SKU,
      ),
    },
  };
}

type ArticleItem = { blog: BlogFixture; article: ArticleFixture };

function articleDoc({ blog, article: a }: ArticleItem, order: number, lang: Locale): Doc<ArticleItem> {
  return {
    item: { blog, article: a },
    order,
    fields: {
      TITLE: field([a.title[lang]], WEIGHT.TITLE),
      TAG: field(a.tags[lang], WEIGHT.TAG),
      AUTHOR: field([`${a.author.firstName} ${a.author.lastName}`], WEIGHT.AUTHOR),
      BODY: field(
        [`${a.excerpt?.[lang] ?? ''} ${a.contentHtml[lang].replace(/<[^>]+>/g, ' ')}`],
        WEIGHT.BODY,
      ),
    },
  };
}

function collectionDoc(c: FixtureCollection, order: number, lang: Locale): Doc<FixtureCollection> {
  return {
    item: c,
    order,
    fields: {
      TITLE: field([c.title[lang]], WEIGHT.TITLE),
      BODY: field([c.descriptionHtml[lang].replace(/<[^>]+>/g, ' ')], WEIGHT.BODY),
    },
  };
}

/** Documents with their word index. */
type Indexed<T> = { docs: Doc<T>[]; words: WordIndex };
const indexed = <T>(docs: Doc<T>[]): Indexed<T> => ({
  docs,
  words: new WordIndex(docs.map((d) => d.fields)),
});

/** Documents matching a query, best first (catalog order among equals). */
function find<T>(index: Indexed<T>, query: Query, fields: readonly SearchableField[]): Hit<T>[] {
  const hits: Hit<T>[] = [];
  for (const [i, s] of index.words.search(query, new Set(fields))) {
    const doc = index.docs[i] as Doc<T>;
    hits.push({ item: doc.item, order: doc.order, score: s });
  }
  return hits.sort((a, b) => b.score - a.score || a.order - b.order);
}

/** Unavailable products as the operation asks: SHOW as they fall, HIDE, or LAST (Shopify's default). */
function placeUnavailable(hits: Hit<FixtureProduct>[], mode: unknown): Hit<FixtureProduct>[] {
  if (mode === 'SHOW') return hits;
  if (mode === 'HIDE') return hits.filter((h) => available(h.item));
  return [...hits.filter((h) => available(h.item)), ...hits.filter((h) => !available(h.item))];
}

/** Builds the `search` and `predictiveSearch` resolvers over a catalog. */
export function createSearchRoot(catalog: Catalog, nodes: SearchNodes): Record<string, Resolver> {
  const indexes = new Map<
    Locale,
    {
      products: Indexed<FixtureProduct>;
      collections: Indexed<FixtureCollection>;
      articles: Indexed<ArticleItem>;
    }
  >();
  const index = (lang: Locale) => {
    let found = indexes.get(lang);
    if (!found) {
      const articles = localBlogs.flatMap((blog) => blog.articles.map((article) => ({ blog, article })));
      found = {
        products: indexed(catalog.products.map((p, i) => productDoc(p, i, lang))),
        collections: indexed(catalog.collections.map((c, i) => collectionDoc(c, i, lang))),
        articles: indexed(articles.map((a, i) => articleDoc(a, i, lang))),
      };
      indexes.set(lang, found);
    }
    return found;
  };

  const search: Resolver = (args, _ctx, info) => {
    const lang = localeOf(info);
    const query = parseQuery(String(args.query ?? ''), args.prefix === 'LAST');
    const types = (args.types as string[] | null | undefined) ?? ['ARTICLE', 'PAGE', 'PRODUCT'];
    const idx = index(lang);
    let products = types.includes('PRODUCT') ? find(idx.products, query, ALL_FIELDS) : [];
    const matched = products.map((h) => h.item);
    // Shopify's ProductFilter input and faceted `productFilters` output, as on product lists.
    const productFilters = (args.productFilters as ProductFilter[] | null | undefined) ?? [];
    if (productFilters.length) {
      const kept = new Set(filterProducts(matched, productFilters, lang));
      products = products.filter((h) => kept.has(h.item));
    }
    if (args.sortKey === 'PRICE')
      products.sort((a, b) => minPrice(a.item) - minPrice(b.item) || b.score - a.score || a.order - b.order);
    if (args.reverse === true) products.reverse();
    products = placeUnavailable(products, args.unavailableProducts);
    const articles = types.includes('ARTICLE') ? find(idx.articles, query, ALL_FIELDS) : [];
    // Products first, then articles (the local store has no online-store pages).
    const list = [
      ...products.map((h) => ({ node: nodes.productNode(h.item, lang), score: h.score })),
      ...articles.map((h) => ({ node: articleNode(h.item.blog, h.item.article, lang), score: h.score })),
    ];
    if (args.sortKey !== 'PRICE' && types.length > 1) list.sort((a, b) => b.score - a.score);
    return {
      ...connection(
        list.map((x) => x.node),
        args,
      ),
      totalCount: list.length,
      productFilters: () => (types.includes('PRODUCT') ? cachedFilters(matched, productFilters, lang) : []),
    };
  };

  const predictiveSearch: Resolver = (args, _ctx, info) => {
    const lang = localeOf(info);
    const text = String(args.query ?? '');
    const query = parseQuery(text, true);
    const limit = Math.min(10, Math.max(1, Number(args.limit ?? 10)));
    const types = (args.types as string[] | null | undefined) ?? [
      'QUERY',
      'PRODUCT',
      'COLLECTION',
      'PAGE',
      'ARTICLE',
    ];
    const fields = (args.searchableFields as SearchableField[] | null | undefined) ?? PREDICTIVE_DEFAULT;
    const idx = index(lang);
    const products = types.includes('PRODUCT')
      ? placeUnavailable(find(idx.products, query, fields), args.unavailableProducts)
      : [];
    const collections = types.includes('COLLECTION') ? find(idx.collections, query, fields) : [];
    const articles = types.includes('ARTICLE') ? find(idx.articles, query, fields) : [];
    const queries = types.includes('QUERY')
      ? suggestions(
          text,
          [
            ...products.slice(0, 50).map((h) => h.item.title[lang]),
            ...collections.map((h) => h.item.title[lang]),
          ],
          limit,
        )
      : [];
    const lists: Record<string, unknown[]> = {
      queries: queries.map((q) => ({ __typename: 'SearchQuerySuggestion', ...q, trackingParameters: null })),
      products: products.map((h) => h.item),
      collections: collections.map((h) => h.item),
      pages: [],
      articles: articles.map((h) => h.item),
    };
    const counts = Object.fromEntries(Object.keys(lists).map((k) => [k, 0]));
    if (args.limitScope === 'EACH') {
      for (const k of Object.keys(lists)) counts[k] = Math.min(limit, lists[k]?.length ?? 0);
    } else {
      // ALL: the limit spread over the types in turn, so no type crowds out the others.
      let left = limit;
      for (let round = 0; left > 0; round++) {
        let took = false;
        for (const k of Object.keys(lists)) {
          if (left > 0 && (lists[k]?.length ?? 0) > round) {
            counts[k] = (counts[k] ?? 0) + 1;
            left--;
            took = true;
          }
        }
        if (!took) break;
      }
    }
    const take = <T>(k: string) => (lists[k] ?? []).slice(0, counts[k]) as T[];
    return {
      queries: take('queries'),
      products: take<FixtureProduct>('products').map((p) => nodes.productNode(p, lang)),
      collections: take<FixtureCollection>('collections').map((c) => nodes.collectionNode(c, lang)),
      pages: [],
      articles: take<ArticleItem>('articles').map((a) => articleNode(a.blog, a.article, lang)),
    };
  };

  return { search, predictiveSearch };
}
