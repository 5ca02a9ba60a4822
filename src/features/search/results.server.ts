import { articlePath, isSiteBlog } from '~/features/blog/index.ts';
import { paramsFromState, stateFromParams } from '~/features/shop/index.ts';
import { type Locale, localizePath } from '~/i18n/locales.ts';
import { storefrontRequest } from '~/lib/storefront/client.ts';
import { resolveFilters } from '~/lib/storefront/filter-handles.ts';
import type { Filter, ProductFilter } from '~/lib/storefront/listing.ts';
import { SEARCH_QUERY } from '~/lib/storefront/operations/search.ts';
import { reshapeProductCard } from '~/lib/storefront/reshape.ts';
import type { ProductCard, RawProductCard } from '~/lib/storefront/types.ts';
import { MAX_QUERY_LENGTH } from './field-texts.ts';

const PAGE_SIZE = 24;
const ARTICLES = 6;

export const sorts = ['relevance', 'price-asc', 'price-desc'] as const;
type Sort = (typeof sorts)[number];

/**
 * What the results page reads from its address: /search?q=...&sort=...&filter.v.option.size=M
 * &after=... (filters and paging in the listing's URL names, which are Shopify's own).
 */
export type SearchParams = {
  q: string;
  sort: Sort;
  filters: ProductFilter[];
  after: string | null;
  before: string | null;
};

const CURSOR = /^[\w=-]{1,512}$/;

/** The address's search parameters; anything malformed falls back to its default. */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const q = (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const state = stateFromParams(params, sorts, 'relevance');
  const cursor = (value: string | null) => (value && CURSOR.test(value) ? value : null);
  const after = cursor(state.after);
  return {
    q,
    sort: state.sort as Sort,
    filters: state.filters,
    after,
    before: after ? null : cursor(state.before),
  };
}

/** The address of the results page with these parameters (defaults left out). */
export function resultsHref(lang: Locale, p: Partial<SearchParams> & { q: string }): string {
  const state = paramsFromState(
    {
      sort: p.sort ?? 'relevance',
      filters: p.filters ?? [],
      after: p.after ?? null,
      before: p.before ?? null,
    },
    'relevance',
  );
  return `${localizePath('/search', lang)}?${new URLSearchParams([['q', p.q], ...state])}`;
}

type SearchFilter = Filter;

export type SearchResults = {
  total: number;
  products: ProductCard[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  filters: SearchFilter[];
  articles: { title: string; url: string }[];
};

type Raw = {
  products: {
    totalCount: number;
    pageInfo: SearchResults['pageInfo'];
    productFilters: SearchFilter[];
    nodes: RawProductCard[];
  };
  articles: { nodes: { handle: string; title: string; blog: { handle: string } }[] };
};

/** One page of products for a query, with the filters Shopify offers and the first articles. */
export async function runSearch(p: SearchParams, lang: Locale): Promise<SearchResults> {
  const sortVars = {
    relevance: { sortKey: 'RELEVANCE', reverse: false },
    'price-asc': { sortKey: 'PRICE', reverse: false },
    'price-desc': { sortKey: 'PRICE', reverse: true },
  }[p.sort];
  const paging = p.before ? { last: PAGE_SIZE, before: p.before } : { first: PAGE_SIZE, after: p.after };
  const data = await storefrontRequest<Raw>(
    SEARCH_QUERY,
    {
      query: p.q,
      ...paging,
      ...sortVars,
      // Option values come by handles; the whole shop's filters tell Shopify's names for them.
      productFilters: (await resolveFilters('all', p.filters, lang)).inputs,
      articles: ARTICLES,
    },
    { language: lang },
  );
  return {
    total: data.products.totalCount,
    products: data.products.nodes.filter((n) => n && 'handle' in n).map((n) => reshapeProductCard(n, lang)),
    pageInfo: data.products.pageInfo,
    filters: data.products.productFilters,
    articles: data.articles.nodes
      .filter((a) => a && 'blog' in a && isSiteBlog(a.blog.handle))
      .map((a) => ({ title: a.title, url: localizePath(articlePath(a.blog.handle, a.handle), lang) })),
  };
}
