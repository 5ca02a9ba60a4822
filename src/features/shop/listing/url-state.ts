import type { ProductFilter } from '~/lib/storefront/listing.ts';

/*
 * Listing state <-> URL, in the names Shopify's own storefronts use (filter.v.availability=1,
 * filter.v.price.gte=10, filter.p.product_type=Hoodie), so a filtered, sorted page can be shared
 * and reloaded. Option values go by handles, `filter.v.option.color=black`, the same in every
 * language (the state keeps them so; lib/storefront resolveFilters makes them Shopify inputs). Shared by /shop, collections and /search; no
 * dependencies, small enough for the shop's script budget.
 */

export type ListingState = {
  /** A sort name of the page (e.g. 'price-asc'); the page's default when the URL names none. */
  sort: string;
  filters: ProductFilter[];
  after: string | null;
  before: string | null;
};

/** At most this many filters are read from a URL; longer values are ignored. */
export const MAX_URL_FILTERS = 30;
const MAX_VALUE = 100;

const PRICE_MIN = 'filter.v.price.gte';
const PRICE_MAX = 'filter.v.price.lte';
const OPTION = 'filter.v.option.';

/** The URL parameter (name, value) pairs of one ProductFilter, e.g. `{productType:'Hoodie'}`. */
export function filterParams(filter: ProductFilter): [string, string][] {
  if (filter.available != null) return [['filter.v.availability', filter.available ? '1' : '0']];
  if (filter.price) {
    const out: [string, string][] = [];
    if (filter.price.min != null) out.push([PRICE_MIN, String(filter.price.min)]);
    if (filter.price.max != null) out.push([PRICE_MAX, String(filter.price.max)]);
    return out;
  }
  if (filter.productType != null) return [['filter.p.product_type', filter.productType]];
  if (filter.productVendor != null) return [['filter.p.vendor', filter.productVendor]];
  if (filter.tag != null) return [['filter.p.tag', filter.tag]];
  if (filter.variantOption?.name != null && filter.variantOption.value != null)
    return [[`${OPTION}${filter.variantOption.name.toLowerCase()}`, filter.variantOption.value]];
  return [];
}

/**
 * The URL parameter of one value of Shopify's `filters` output: an option value by the handles
 * of its ids (`filter.v.option.color` / `filter.v.option.color.black` -> color=black), any other
 * value by its input.
 */
export function valueParam(filterId: string, value: { id: string; input: string }): [string, string] | null {
  if (filterId.startsWith(OPTION) && value.id.startsWith(`${filterId}.`))
    return [filterId, value.id.slice(filterId.length + 1)];
  try {
    return filterParams(JSON.parse(value.input) as ProductFilter)[0] ?? null;
  } catch {
    return null;
  }
}

/** One ProductFilter of a URL parameter, or null for parameters that are not filters. */
function filterOf(name: string, value: string): ProductFilter | null {
  if (!value || value.length > MAX_VALUE) return null;
  if (name === 'filter.v.availability')
    return value === '1' || value === '0' ? { available: value === '1' } : null;
  if (name === 'filter.p.product_type') return { productType: value };
  if (name === 'filter.p.vendor') return { productVendor: value };
  if (name === 'filter.p.tag') return { tag: value };
  if (name.startsWith(OPTION) && name.length > OPTION.length && name.length <= OPTION.length + MAX_VALUE)
    return { variantOption: { name: name.slice(OPTION.length), value } };
  return null;
}

const price = (value: string | null): number | null => {
  if (value == null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** The state a URL's query asks for; anything unknown or malformed is dropped, never an error. */
export function stateFromParams(
  params: URLSearchParams,
  sorts: readonly string[],
  defaultSort: string = sorts[0] ?? '',
): ListingState {
  const filters: ProductFilter[] = [];
  const seen = new Set<string>();
  for (const [name, value] of params) {
    const filter = filterOf(name, value);
    const key = `${name}=${value}`;
    if (filter && !seen.has(key) && filters.length < MAX_URL_FILTERS) {
      seen.add(key);
      filters.push(filter);
    }
  }
  const min = price(params.get(PRICE_MIN));
  const max = price(params.get(PRICE_MAX));
  if (min != null || max != null)
    filters.push({ price: { ...(min != null && { min }), ...(max != null && { max }) } });
  const sort = params.get('sort');
  const cursor = (name: string) => {
    const value = params.get(name);
    return value && value.length <= 500 ? value : null;
  };
  const after = cursor('after');
  return {
    sort: sort && sorts.includes(sort) ? sort : defaultSort,
    filters,
    after,
    before: after ? null : cursor('before'),
  };
}

/** The query parameters of a state, in a stable order; the default sort and empty parts left out. */
export function paramsFromState(state: ListingState, defaultSort: string): URLSearchParams {
  const params = new URLSearchParams();
  if (state.sort && state.sort !== defaultSort) params.set('sort', state.sort);
  for (const f of state.filters) for (const [name, value] of filterParams(f)) params.append(name, value);
  if (state.after) params.set('after', state.after);
  else if (state.before) params.set('before', state.before);
  return params;
}

/** Whether the state is the page's plain first view (what is pre-rendered). */
export function isDefaultState(state: ListingState, defaultSort: string): boolean {
  return paramsFromState(state, defaultSort).toString() === '';
}
