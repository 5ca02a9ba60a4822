import { articlePath, isSiteBlog } from '~/features/blog/paths.ts';
import { type Locale, localizePath } from '~/i18n/locales.ts';
import { storefrontRequest } from '~/lib/storefront/client.ts';
import { SEARCH_QUERY } from '~/lib/storefront/operations/search.ts';
import { reshapeProductCard } from '~/lib/storefront/reshape.ts';
import type { ProductCard, RawProductCard } from '~/lib/storefront/types.ts';
import { MAX_QUERY_LENGTH } from './field-texts.ts';

export const PAGE_SIZE = 24;
const ARTICLES = 6;

export const sorts = ['relevance', 'price-asc', 'price-desc'] as const;
export type Sort = (typeof sorts)[number];

/** What the results page reads from its address: /search?q=...&sort=...&after=... (or before). */
export type SearchParams = { q: string; sort: Sort; after: string | null; before: string | null };

const CURSOR = /^[\w=-]{1,512}$/;

/** The address's search parameters; anything malformed falls back to its default. */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const q = (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const sort = (sorts as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as Sort)
    : 'relevance';
  const cursor = (name: string) => {
    const value = params.get(name);
    return value && CURSOR.test(value) ? value : null;
  };
  const after = cursor('after');
  return { q, sort, after, before: after ? null : cursor('before') };
}

/** The address of the results page with these parameters (defaults left out). */
export function resultsHref(lang: Locale, p: Partial<SearchParams> & { q: string }): string {
  const params = new URLSearchParams({ q: p.q });
  if (p.sort && p.sort !== 'relevance') params.set('sort', p.sort);
  if (p.after) params.set('after', p.after);
  else if (p.before) params.set('before', p.before);
  return `${localizePath('/search', lang)}?${params}`;
}

export type SearchFilter = {
  id: string;
  label: string;
  type: string;
  values: { id: string; label: string; count: number; input: string }[];
};

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
export async function runSearch(
  p: SearchParams,
  lang: Locale,
  productFilters: unknown[] = [],
): Promise<SearchResults> {
  const sortVars = {
    relevance: { sortKey: 'RELEVANCE', reverse: false },
    'price-asc': { sortKey: 'PRICE', reverse: false },
    'price-desc': { sortKey: 'PRICE', reverse: true },
  }[p.sort];
  const paging = p.before ? { last: PAGE_SIZE, before: p.before } : { first: PAGE_SIZE, after: p.after };
  const data = await storefrontRequest<Raw>(
    SEARCH_QUERY,
    { query: p.q, ...paging, ...sortVars, productFilters, articles: ARTICLES },
    { language: lang },
  );
  return {
    total: data.products.totalCount,
    products: data.products.nodes.filter((n) => n && 'handle' in n).map(reshapeProductCard),
    pageInfo: data.products.pageInfo,
    filters: data.products.productFilters,
    articles: data.articles.nodes
      .filter((a) => a && 'blog' in a && isSiteBlog(a.blog.handle))
      .map((a) => ({ title: a.title, url: localizePath(articlePath(a.blog.handle, a.handle), lang) })),
  };
}
