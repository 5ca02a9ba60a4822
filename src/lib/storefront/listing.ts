import type { Locale } from '../../i18n/locales.ts';
import { cached } from './cache.ts';
import { storefrontRequest } from './client.ts';
import type { Filter, ProductFilter } from './local/product-query.ts';
import { LISTING_QUERY } from './operations/listing.ts';
import { reshapeProductCard } from './reshape.ts';
import type { ProductCard, RawProductCard } from './types.ts';

export type { Filter, ProductFilter } from './local/product-query.ts';

/** Products shown per listing page (/shop, collections). */
export const LISTING_PAGE_SIZE = 24;

/** The sort orders a shopper can choose, as `ProductCollectionSortKeys` plus `reverse`. */
export const LISTING_SORTS = {
  featured: { sortKey: 'COLLECTION_DEFAULT', reverse: false },
  'price-asc': { sortKey: 'PRICE', reverse: false },
  'price-desc': { sortKey: 'PRICE', reverse: true },
  newest: { sortKey: 'CREATED', reverse: true },
  title: { sortKey: 'TITLE', reverse: false },
} as const;
type ListingSort = keyof typeof LISTING_SORTS;

export type ListingPageInfo = {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
};

export type ListingRequest = {
  handle: string;
  sort?: ListingSort | undefined;
  filters?: ProductFilter[] | undefined;
  /** Page forward after this cursor, or back before `before`; neither: the first page. */
  after?: string | null | undefined;
  before?: string | null | undefined;
  pageSize?: number | undefined;
};

export type ListingPage = {
  title: string;
  products: ProductCard[];
  filters: Filter[];
  pageInfo: ListingPageInfo;
};

type RawListing = {
  collection: {
    title: string;
    products: { filters: Filter[]; pageInfo: ListingPageInfo; nodes: RawProductCard[] };
  } | null;
};

/** One page of a collection (`all` for the whole shop), or null when the collection does not exist. */
export async function getListingPage(request: ListingRequest, language: Locale): Promise<ListingPage | null> {
  const size = request.pageSize ?? LISTING_PAGE_SIZE;
  const sort = LISTING_SORTS[request.sort ?? 'featured'];
  const backwards = !request.after && Boolean(request.before);
  const data = await storefrontRequest<RawListing>(
    LISTING_QUERY,
    {
      handle: request.handle,
      ...(backwards ? { last: size, before: request.before } : { first: size, after: request.after ?? null }),
      filters: request.filters?.length ? request.filters : null,
      sortKey: sort.sortKey,
      reverse: sort.reverse,
    },
    { language },
  );
  if (!data.collection) return null;
  const { products } = data.collection;
  return {
    title: data.collection.title,
    products: products.nodes.map((n) => reshapeProductCard(n, language)),
    filters: products.filters,
    pageInfo: products.pageInfo,
  };
}

export type StaticListing = { title: string; filters: Filter[]; pages: ProductCard[][] };

/**
 * Every page of a collection in its default order, unfiltered, for the pre-rendered page URLs
 * (/shop/page/2, /shop/collection/x/page/2). Remembered per process; null for no such collection.
 */
export function getStaticListing(handle: string, language: Locale): Promise<StaticListing | null> {
  return cached(`listing:${language}:${handle}`, async () => {
    const first = await getListingPage({ handle }, language);
    if (!first) return null;
    const pages = [first.products];
    let info = first.pageInfo;
    while (info.hasNextPage && info.endCursor) {
      const next = await getListingPage({ handle, after: info.endCursor }, language);
      if (!next) break;
      pages.push(next.products);
      info = next.pageInfo;
    }
    return { title: first.title, filters: first.filters, pages };
  });
}
