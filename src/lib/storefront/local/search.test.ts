import { execute, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createCatalogRoot } from './catalog.ts';
import { fixtureCatalog } from './fixtures.ts';
import { largeCatalog } from './generate-catalog.ts';
import { storefrontSchema } from './schema.ts';
import {
  field,
  normalize,
  parseQuery,
  score,
  suggestions,
  termMatch,
  WordIndex,
  words,
} from './search-text.ts';
import type { Catalog, FixtureProduct } from './types.ts';

const base = fixtureCatalog.products[0] as FixtureProduct;
const candle = (id: number, handle: string, available: boolean, price: string): FixtureProduct => ({
  ...base,
  id,
  handle,
  title: { nl: 'Kaars van licht', en: 'Candle of light', de: 'Kerze des Lichts' },
  descriptionHtml: {
    nl: "<p>Voor het openen van je chakra's.</p>",
    en: '<p>For opening your Chakras.</p>',
    de: '<p>Zum Öffnen deiner Chakras.</p>',
  },
  productType: 'Kaars',
  tags: ['candle'],
  options: [],
  variants: [{ id: id * 10, options: [], price, available }],
});
const catalog: Catalog = {
  products: [
    ...fixtureCatalog.products,
    candle(90_001, 'kaars-uitverkocht', false, '5.00'),
    candle(90_002, 'kaars', true, '15.00'),
  ],
  collections: fixtureCatalog.collections,
};

// biome-ignore lint/suspicious/noExplicitAny: the tests read GraphQL answers loosely
type Data = Record<string, any>;
async function run(source: string, variables: Record<string, unknown> = {}, cat = catalog): Promise<Data> {
  const result = await execute({
    schema: storefrontSchema(),
    document: parse(source),
    rootValue: createCatalogRoot(cat),
    variableValues: variables,
  });
  expect(result.errors).toBeUndefined();
  return result.data as Data;
}

const PREDICTIVE = `query P($q: String!, $lang: LanguageCode, $limit: Int, $scope: PredictiveSearchLimitScope,
  $types: [PredictiveSearchType!], $un: SearchUnavailableProductsType, $fields: [SearchableField!])
  @inContext(language: $lang) {
  predictiveSearch(query: $q, limit: $limit, limitScope: $scope, types: $types, unavailableProducts: $un,
    searchableFields: $fields) {
    queries { text styledText }
    products { handle title availableForSale }
    collections { handle title }
    pages { handle }
    articles { handle title blog { handle } }
  }
}`;

const SEARCH = `query S($q: String!, $lang: LanguageCode, $first: Int, $after: String, $last: Int, $before: String,
  $sortKey: SearchSortKeys, $reverse: Boolean, $prefix: SearchPrefixQueryType, $types: [SearchType!],
  $un: SearchUnavailableProductsType) @inContext(language: $lang) {
  search(query: $q, first: $first, after: $after, last: $last, before: $before, sortKey: $sortKey,
    reverse: $reverse, prefix: $prefix, types: $types, unavailableProducts: $un) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    productFilters { id }
    nodes {
      __typename
      ... on Product { handle priceRange { minVariantPrice { amount } } }
      ... on Article { handle }
    }
  }
}`;
const handles = (d: Data, key = 'products') =>
  (d.predictiveSearch[key] as { handle: string }[]).map((x) => x.handle);
const nodes = (d: Data) => (d.search.nodes as { handle: string }[]).map((x) => x.handle);

describe('search text', () => {
  it('ignores case, accents, apostrophes and ß', () => {
    expect(normalize('Crème Weiß')).toBe('creme weiss');
    expect(words("Chakra's en Lichtkörper-Meisterschaft")).toEqual([
      'chakra',
      's',
      'en',
      'lichtkorper',
      'meisterschaft',
    ]);
  });

  it('matches whole words up to an ending, a prefix only where asked, a compound by its tail', () => {
    expect(termMatch('chakra', 'chakras', false)).toBe(1);
    expect(termMatch('chakras', 'chakra', false)).toBe(1);
    expect(termMatch('hoo', 'hoodie', false)).toBe(0);
    expect(termMatch('hoo', 'hoodie', true)).toBe(1);
    expect(termMatch('kissen', 'meditationskissen', false)).toBe(0.5);
    expect(termMatch('sen', 'meditationskissen', false)).toBe(0);
    // While typing, an inner part of a compound counts too.
    expect(termMatch('kiss', 'meditationskissen', true)).toBe(0.5);
    expect(termMatch('kiss', 'meditationskissen', false)).toBe(0);
  });

  it('takes the last word as a prefix in names and labels, not in running text', async () => {
    const { score, field, parseQuery } = await import('./search-text.ts');
    const q = parseQuery('hoo', true);
    expect(score(q, [field(['Hoodie'], 10)])).toBe(10);
    expect(score(q, [field(['in je hoofd'], 1)])).toBe(0);
    expect(score(parseQuery('hoofd', true), [field(['in je hoofd'], 1)])).toBe(1);
  });

  it('suggests completed queries with the typed part marked', () => {
    expect(suggestions('chosen ho', ['Chosen Ones Hoodie', 'Hoodie <b>'], 5)).toEqual([
      { text: 'chosen hoodie', styledText: '<mark>chosen ho</mark>odie' },
    ]);
    expect(suggestions('x', ['<x&y>'], 5)[0]?.styledText).toBe('<mark>x</mark>');
    expect(suggestions('  ', ['Hoodie'], 5)).toEqual([]);
  });
});

describe('word index', () => {
  it('scores exactly as the plain scan does, for every field selection', () => {
    const docs = catalog.products.map((p) => ({
      TITLE: field([p.title.nl], 10),
      TAG: field(p.tags, 3),
      BODY: field([p.descriptionHtml.nl.replace(/<[^>]+>/g, ' ')], 1),
    }));
    const index = new WordIndex(docs);
    for (const text of ['hoo', 'eenheid mok', 'chakra', 'kleding', 'de', 'zzz', 'kussen', 'biologisch kat']) {
      for (const prefix of [true, false]) {
        for (const names of [['TITLE'], ['TITLE', 'TAG', 'BODY']]) {
          const q = parseQuery(text, prefix);
          const expected = new Map<number, number>();
          docs.forEach((d, i) => {
            const s = score(
              q,
              names.map((n) => d[n as keyof typeof d]),
            );
            if (s > 0) expected.set(i, s);
          });
          expect(index.search(q, new Set(names)), `${text} ${prefix} ${names}`).toEqual(expected);
        }
      }
    }
  });
});

describe('local predictiveSearch', () => {
  it('finds "Chakra" in every language, accent- and case-insensitively, in the language asked', async () => {
    for (const lang of ['NL', 'EN', 'DE']) {
      const d = await run(PREDICTIVE, { q: 'Chakra', lang, fields: ['TITLE', 'BODY'] });
      expect(handles(d)).toEqual(['kaars', 'kaars-uitverkocht']);
    }
    // Found through its German words; the title field answers the original, as Shopify does
    // for a product whose translation lives in metafields (the site applies those).
    const de = await run(PREDICTIVE, { q: 'lichtkorper', lang: 'DE' });
    expect(de.predictiveSearch.products.map((p: { title: string }) => p.title)).toEqual([
      'Lichtlichaam Meesterschap',
    ]);
    // The Dutch title is not found through the German words.
    expect(handles(await run(PREDICTIVE, { q: 'lichtkorper', lang: 'NL' }))).toEqual([]);
  });

  it('searches the title, type, variants and vendor by default, the body only when asked', async () => {
    expect(handles(await run(PREDICTIVE, { q: 'chakra', lang: 'NL' }))).toEqual([]);
    expect(handles(await run(PREDICTIVE, { q: 'chakra', lang: 'NL', fields: ['BODY'] }))).toHaveLength(2);
  });

  it('takes the last word as a prefix and answers products, collections, articles and suggestions', async () => {
    const d = await run(PREDICTIVE, { q: 'eenh', lang: 'NL', scope: 'EACH' });
    expect(handles(d)).toContain('eenheid-ontsluierd');
    expect(d.predictiveSearch.queries[0]).toEqual({ text: 'eenheid', styledText: '<mark>eenh</mark>eid' });
    const kleding = await run(PREDICTIVE, { q: 'kled', lang: 'NL' });
    expect(handles(kleding, 'collections')).toEqual(['alle-kleding']);
    const article = await run(PREDICTIVE, { q: 'spiegel', lang: 'NL', types: ['ARTICLE'] });
    expect(article.predictiveSearch.articles[0]).toMatchObject({
      handle: expect.any(String),
      blog: { handle: expect.any(String) },
    });
    expect(handles(article)).toEqual([]);
    expect(article.predictiveSearch.pages).toEqual([]);
  });

  it('puts unavailable products last by default, hides or shows them as asked', async () => {
    const ask = (un?: string) => run(PREDICTIVE, { q: 'kaars', lang: 'NL', un }).then((d) => handles(d));
    expect(await ask()).toEqual(['kaars', 'kaars-uitverkocht']);
    expect(await ask('LAST')).toEqual(['kaars', 'kaars-uitverkocht']);
    expect(await ask('HIDE')).toEqual(['kaars']);
    expect(await ask('SHOW')).toEqual(['kaars-uitverkocht', 'kaars']);
  });

  it('honours limit per type (EACH) or across all types (ALL, the default)', async () => {
    const each = await run(PREDICTIVE, { q: 'e', lang: 'NL', limit: 2, scope: 'EACH' });
    expect(each.predictiveSearch.products).toHaveLength(2);
    expect(each.predictiveSearch.articles).toHaveLength(2);
    const all = await run(PREDICTIVE, { q: 'e', lang: 'NL', limit: 3 });
    const total = ['queries', 'products', 'collections', 'articles'].reduce(
      (n, k) => n + all.predictiveSearch[k].length,
      0,
    );
    expect(total).toBe(3);
    expect(all.predictiveSearch.products).toHaveLength(1);
    const over = await run(PREDICTIVE, { q: 'de', lang: 'NL', limit: 50, scope: 'EACH', fields: ['BODY'] });
    expect(over.predictiveSearch.products).toHaveLength(10);
  });

  it('answers nothing for an empty or unmatched query', async () => {
    for (const q of ['', '   ', 'zzzqqq']) {
      const d = await run(PREDICTIVE, { q, lang: 'EN' });
      expect(Object.values(d.predictiveSearch).flat()).toEqual([]);
    }
  });
});

describe('local search', () => {
  it('pages products both ways with totalCount and pageInfo', async () => {
    const first = await run(SEARCH, { q: 'unity', lang: 'EN', types: ['PRODUCT'], first: 1, prefix: 'LAST' });
    expect(first.search.totalCount).toBeGreaterThan(1);
    expect(first.search.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await run(SEARCH, {
      q: 'unity',
      lang: 'EN',
      types: ['PRODUCT'],
      first: 1,
      after: first.search.pageInfo.endCursor,
      prefix: 'LAST',
    });
    expect(nodes(second)).not.toEqual(nodes(first));
    expect(second.search.pageInfo.hasPreviousPage).toBe(true);
  });

  it('matches whole words unless prefix is LAST', async () => {
    expect(
      (await run(SEARCH, { q: 'hoo', lang: 'EN', types: ['PRODUCT'], first: 5 })).search.totalCount,
    ).toBe(0);
    const prefixed = await run(SEARCH, {
      q: 'hoo',
      lang: 'EN',
      types: ['PRODUCT'],
      first: 5,
      prefix: 'LAST',
    });
    expect(nodes(prefixed)).toContain('chosen-ones-hoodie');
  });

  it('sorts by relevance (title first) or by price, reversed on request, sold-out products last', async () => {
    const relevance = await run(SEARCH, { q: 'kaars', lang: 'NL', types: ['PRODUCT'], first: 10 });
    expect(nodes(relevance)).toEqual(['kaars', 'kaars-uitverkocht']);
    const price = await run(SEARCH, {
      q: 'unity',
      lang: 'EN',
      types: ['PRODUCT'],
      first: 20,
      sortKey: 'PRICE',
    });
    const amounts = price.search.nodes.map((n: Data) => Number(n.priceRange.minVariantPrice.amount));
    expect(amounts.length).toBeGreaterThan(2);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const reversed = await run(SEARCH, {
      q: 'unity',
      lang: 'EN',
      types: ['PRODUCT'],
      first: 20,
      sortKey: 'PRICE',
      reverse: true,
    });
    const down = reversed.search.nodes.map((n: Data) => Number(n.priceRange.minVariantPrice.amount));
    expect(down).toEqual([...amounts].sort((a, b) => b - a));
    const shown = await run(SEARCH, { q: 'kaars', lang: 'NL', first: 10, sortKey: 'PRICE', un: 'SHOW' });
    expect(nodes(shown)).toEqual(['kaars-uitverkocht', 'kaars']);
  });

  it('searches articles and products together by default, and one type when asked', async () => {
    const all = await run(SEARCH, { q: 'eenheid', lang: 'NL', first: 50 });
    const kinds = new Set(all.search.nodes.map((n: Data) => n.__typename));
    expect(kinds).toEqual(new Set(['Product', 'Article']));
    const articles = await run(SEARCH, { q: 'eenheid', lang: 'NL', first: 50, types: ['ARTICLE'] });
    expect(articles.search.nodes.every((n: Data) => n.__typename === 'Article')).toBe(true);
    expect(articles.search.totalCount).toBeLessThan(all.search.totalCount);
  });

  it('filters products with ProductFilter and answers the faceted productFilters of the matches', async () => {
    const FILTERED = `query F($q: String!, $f: [ProductFilter!]) @inContext(language: EN) {
      search(query: $q, first: 50, types: [PRODUCT], productFilters: $f) {
        totalCount
        productFilters { id values { label count input } }
        nodes { ... on Product { handle productType } }
      }
    }`;
    const all = await run(FILTERED, { q: 'unity' });
    const types = all.search.productFilters.find((f: Data) => f.id === 'filter.p.product_type');
    expect(types.values.map((v: Data) => `${v.label}:${v.count}`).sort()).toEqual([
      'E-book:1',
      'Mug:1',
      'T-shirt:1',
    ]);
    const mug = types.values.find((v: Data) => v.label === 'Mug');
    const filtered = await run(FILTERED, { q: 'unity', f: [JSON.parse(mug.input)] });
    expect(filtered.search.totalCount).toBe(1);
    expect(filtered.search.nodes).toEqual([{ handle: 'eenheid-mok', productType: 'Mug' }]);
    const size = await run(FILTERED, { q: 'unity', f: [{ variantOption: { name: 'Size', value: 'M' } }] });
    expect(size.search.nodes.map((n: Data) => n.productType)).toEqual(['T-shirt']);
  });

  it('pages backwards with last/before', async () => {
    const page = (v: Record<string, unknown>) =>
      run(SEARCH, { q: 'unity', lang: 'EN', types: ['PRODUCT'], ...v });
    const all = nodes(await page({ first: 10 }));
    const end = await page({ last: 2 });
    expect(nodes(end)).toEqual(all.slice(-2));
    expect(end.search.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = await page({ last: 1, before: end.search.pageInfo.startCursor });
    expect(nodes(before)).toEqual(all.slice(-3, -2));
  });

  it('answers a 2,000-product catalog', async () => {
    const big = largeCatalog(2000);
    const d = await run(SEARCH, { q: 'hoodie', lang: 'DE', types: ['PRODUCT'], first: 24 }, big);
    expect(d.search.totalCount).toBeGreaterThan(100);
    expect(d.search.nodes).toHaveLength(24);
  });
});

describe('search as other storefronts ask for it', () => {
  // Written the way Hydrogen-style storefronts query: one search per type under aliases, typed
  // variables for the enums, fragments on the union members, @inContext with variables.
  const REGULAR = `query Regular($term: String!, $first: Int, $endCursor: String, $language: LanguageCode,
    $country: CountryCode) @inContext(language: $language, country: $country) {
    articles: search(query: $term, types: [ARTICLE], first: $first) {
      nodes { ...on Article { __typename handle id title trackingParameters } }
    }
    pages: search(query: $term, types: [PAGE], first: $first) {
      nodes { ...on Page { __typename handle id title } }
    }
    products: search(query: $term, types: [PRODUCT], first: $first, after: $endCursor, sortKey: RELEVANCE,
      unavailableProducts: HIDE) {
      nodes { ...on Product { __typename handle id title vendor
        selectedOrFirstAvailableVariant(selectedOptions: [], ignoreUnknownOptions: true, caseInsensitiveMatch: true) { id } } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }`;
  const PREDICT = `query Predict($term: String!, $limit: Int!, $limitScope: PredictiveSearchLimitScope!,
    $types: [PredictiveSearchType!], $language: LanguageCode) @inContext(language: $language) {
    predictiveSearch(query: $term, limit: $limit, limitScope: $limitScope, types: $types) {
      articles { __typename id title handle blog { handle } image { url altText width height } }
      collections { __typename id title handle image { url altText width height } }
      pages { __typename id title handle }
      products { __typename id title handle featuredImage { url } priceRange { minVariantPrice { amount currencyCode } } }
      queries { __typename text styledText trackingParameters }
    }
  }`;

  it('answers a regular search split by type, sold-out products hidden', async () => {
    const d = await run(REGULAR, { term: 'kaars', first: 8, language: 'NL', country: 'NL' });
    expect(d.products.nodes.map((n: Data) => n.handle)).toEqual(['kaars']);
    expect(d.products.nodes[0]).toMatchObject({ __typename: 'Product', title: 'Kaars van licht' });
    expect(d.pages.nodes).toEqual([]);
    expect(d.articles.nodes).toEqual([]);
    const eenheid = await run(REGULAR, { term: 'eenheid', first: 8, language: 'NL' });
    expect(eenheid.articles.nodes.length).toBeGreaterThan(0);
    expect(eenheid.articles.nodes[0]).toMatchObject({ __typename: 'Article', trackingParameters: null });
  });

  it('answers a predictive search with enum variables and every result type', async () => {
    const d = await run(PREDICT, { term: 'kled', limit: 10, limitScope: 'EACH', language: 'NL' });
    expect(d.predictiveSearch.collections).toEqual([
      expect.objectContaining({ __typename: 'Collection', handle: 'alle-kleding', title: 'Alle kleding' }),
    ]);
    expect(d.predictiveSearch.queries).toContainEqual(
      expect.objectContaining({ __typename: 'SearchQuerySuggestion', text: 'kleding' }),
    );
    // The Dutch title's words are not searched in English.
    const only = await run(PREDICT, {
      term: 'licht',
      limit: 10,
      limitScope: 'EACH',
      types: ['PRODUCT'],
      language: 'EN',
    });
    expect(only.predictiveSearch.products.map((p: Data) => p.handle)).not.toContain('kaars');
    const nl = await run(PREDICT, {
      term: 'licht',
      limit: 10,
      limitScope: 'EACH',
      types: ['PRODUCT'],
      language: 'NL',
    });
    expect(nl.predictiveSearch.products.map((p: Data) => p.handle)).toContain('kaars');
    const en = await run(PREDICT, {
      term: 'cand',
      limit: 1,
      limitScope: 'EACH',
      types: ['PRODUCT'],
      language: 'EN',
    });
    expect(en.predictiveSearch.products).toEqual([
      expect.objectContaining({
        handle: 'kaars',
        priceRange: { minVariantPrice: { amount: '15.00', currencyCode: 'EUR' } },
      }),
    ]);
    expect(en.predictiveSearch.queries).toEqual([]);
  });
});
