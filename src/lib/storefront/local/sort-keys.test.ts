import { type GraphQLEnumType, getNamedType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { localRequest } from './index.ts';
import { storefrontSchema } from './schema.ts';

/*
 * Every value of Shopify's sort-key enums, each with and without `reverse`, asked of the local
 * store through GraphQL, and the answer checked against the fields the same answer carries: a
 * list sorted by TITLE has its `title`s in order, and so on. Ties follow the id order, as the
 * default (ID) order of every root list does.
 */

type Row = Record<string, unknown> & { id: string };
type Compare = (a: Row, b: Row) => number;

const numericId = (row: Row) => Number(row.id.split('/').pop());
const field = (path: string) => (row: Row) =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], row);
const asc =
  (read: (row: Row) => unknown, lang: string): Compare =>
  (a, b) => {
    const x = read(a);
    const y = read(b);
    if (typeof x === 'string' && Number.isNaN(Number(x)) && !/^\d{4}-/.test(x))
      return new Intl.Collator(lang, { sensitivity: 'base', numeric: true }).compare(x, String(y));
    return Number.isNaN(Number(x)) ? String(x).localeCompare(String(y)) : Number(x) - Number(y);
  };

/** The list `expected` orders (stable: ties by id), turned around for reverse. */
function expectedOrder(rows: Row[], compare: Compare | null, reverse: boolean): string[] {
  const byId = [...rows].sort((a, b) => numericId(a) - numericId(b));
  const sorted = compare ? byId.sort((a, b) => compare(a, b) || numericId(a) - numericId(b)) : byId;
  return (reverse ? sorted.reverse() : sorted).map((r) => r.id);
}

const enumValues = (name: string) =>
  (getNamedType(storefrontSchema().getType(name)) as GraphQLEnumType).getValues().map((v) => v.name);

type Case = {
  list: string;
  sortEnum: string;
  /** The operation; `$sortKey`, `$reverse`, `$language` are its variables, the nodes under `pick`. */
  query: string;
  pick: (data: Record<string, unknown>) => Row[];
  /** Per sort key the order it means; null: the list's own (manual) order, checked separately. */
  keys: (lang: string) => Record<string, Compare | null>;
};

const PRODUCT_FIELDS =
  'id title createdAt updatedAt productType vendor priceRange { minVariantPrice { amount } }';
const minPrice = field('priceRange.minVariantPrice.amount');

const cases: Case[] = [
  {
    list: 'products',
    sortEnum: 'ProductSortKeys',
    query: `query($sortKey: ProductSortKeys, $reverse: Boolean, $language: LanguageCode) @inContext(language: $language) {
      products(first: 250, sortKey: $sortKey, reverse: $reverse) { nodes { ${PRODUCT_FIELDS} } } }`,
    pick: (d) => (d.products as { nodes: Row[] }).nodes,
    keys: (lang) => ({
      ID: null,
      // Without a query RELEVANCE is the default (ID); no sales: BEST_SELLING is all ties.
      RELEVANCE: null,
      BEST_SELLING: null,
      TITLE: asc(field('title'), lang),
      PRICE: asc(minPrice, lang),
      CREATED_AT: asc(field('createdAt'), lang),
      UPDATED_AT: asc(field('updatedAt'), lang),
      PRODUCT_TYPE: asc(field('productType'), lang),
      VENDOR: asc(field('vendor'), lang),
    }),
  },
  ...['digitale-producten', 'alle-kleding', 'all'].map(
    (handle): Case => ({
      list: `collection ${handle} products`,
      sortEnum: 'ProductCollectionSortKeys',
      query: `query($sortKey: ProductCollectionSortKeys, $reverse: Boolean, $language: LanguageCode) @inContext(language: $language) {
        collection(handle: "${handle}") { products(first: 250, sortKey: $sortKey, reverse: $reverse) { nodes { ${PRODUCT_FIELDS} } } } }`,
      pick: (d) => (d.collection as { products: { nodes: Row[] } }).products.nodes,
      keys: (lang) => ({
        ID: null,
        BEST_SELLING: null,
        COLLECTION_DEFAULT: null,
        MANUAL: null,
        RELEVANCE: null,
        TITLE: asc(field('title'), lang),
        PRICE: asc(minPrice, lang),
        CREATED: asc(field('createdAt'), lang),
      }),
    }),
  ),
  {
    list: 'collections',
    sortEnum: 'CollectionSortKeys',
    query: `query($sortKey: CollectionSortKeys, $reverse: Boolean, $language: LanguageCode) @inContext(language: $language) {
      collections(first: 250, sortKey: $sortKey, reverse: $reverse) { nodes { id title updatedAt } } }`,
    pick: (d) => (d.collections as { nodes: Row[] }).nodes,
    keys: (lang) => ({
      ID: null,
      RELEVANCE: null,
      TITLE: asc(field('title'), lang),
      UPDATED_AT: asc(field('updatedAt'), lang),
    }),
  },
  {
    list: 'articles',
    sortEnum: 'ArticleSortKeys',
    query: `query($sortKey: ArticleSortKeys, $reverse: Boolean, $language: LanguageCode) @inContext(language: $language) {
      articles(first: 250, sortKey: $sortKey, reverse: $reverse) { nodes { id title publishedAt authorV2 { name } blog { title } } } }`,
    pick: (d) => (d.articles as { nodes: Row[] }).nodes,
    keys: (lang) => ({
      ID: null,
      RELEVANCE: null,
      TITLE: asc(field('title'), lang),
      AUTHOR: asc(field('authorV2.name'), lang),
      BLOG_TITLE: asc(field('blog.title'), lang),
      PUBLISHED_AT: asc(field('publishedAt'), lang),
      UPDATED_AT: asc(field('publishedAt'), lang),
    }),
  },
];

const ask = (c: Case, variables: Record<string, unknown>) =>
  localRequest<Record<string, unknown>>(c.query, variables).then(c.pick);

/** The ids of the manual-order keys: the collection's own order, as in the fixtures. */
const MANUAL_KEYS = new Set(['COLLECTION_DEFAULT', 'MANUAL']);

describe.each(cases)('sort keys of $list', (c) => {
  it(`has an expectation for every ${c.sortEnum} value`, () => {
    expect(Object.keys(c.keys('en')).sort()).toEqual(enumValues(c.sortEnum).sort());
  });

  for (const language of ['EN', 'DE', 'NL']) {
    const lang = language.toLowerCase();
    for (const sortKey of enumValues(c.sortEnum)) {
      it.each([false, true])(`${language} ${sortKey} reverse=%s`, async (reverse) => {
        const rows = await ask(c, { sortKey, reverse, language });
        expect(rows.length).toBeGreaterThan(1);
        const got = rows.map((r) => r.id);
        if (MANUAL_KEYS.has(sortKey)) {
          const manual = await ask(c, { language });
          expect(got).toEqual(reverse ? manual.map((r) => r.id).reverse() : manual.map((r) => r.id));
        } else {
          expect(got).toEqual(expectedOrder(rows, c.keys(lang)[sortKey] ?? null, reverse));
        }
      });
    }
  }

  it('sorts by ID when asked for no key (the default of root lists)', async () => {
    if (c.sortEnum === 'ProductCollectionSortKeys') return;
    const rows = await ask(c, { language: 'EN' });
    expect(rows.map((r) => r.id)).toEqual(expectedOrder(rows, null, false));
  });
});

describe('defaults and relevance', () => {
  it('lists a collection in its own order by default (COLLECTION_DEFAULT), not by id', async () => {
    const { fixtureCatalog } = await import('./fixtures.ts');
    const collection = fixtureCatalog.collections[0];
    const data = await localRequest<{ collection: { products: { nodes: { handle: string }[] } } }>(
      `{ collection(handle: "${collection?.handle}") { products(first: 250) { nodes { handle } } } }`,
      {},
    );
    expect(data.collection.products.nodes.map((p) => p.handle)).toEqual(collection?.products);
  });

  it('ranks products by the query words for RELEVANCE, the title counting most', async () => {
    const data = await localRequest<{ products: { nodes: { title: string }[] } }>(
      `{ products(first: 250, query: "hoodie", sortKey: RELEVANCE) { nodes { title } } }`,
      {},
    );
    expect(data.products.nodes[0]?.title.toLowerCase()).toContain('hoodie');
  });
});
