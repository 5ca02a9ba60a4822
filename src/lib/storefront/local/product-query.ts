import type { Locale } from '../../../i18n/locales.ts';
import { type ConnectionArgs, connection } from './connection.ts';
import { derivedTimestamp, productUpdatedAt, textLocale } from './product-extras.ts';
import { cachedFilters } from './product-filters.ts';
import { byValue, relevance, sortList, textCompare } from './sort-keys.ts';
import type { FixtureCollection, FixtureImage, FixtureProduct, FixtureVariant } from './types.ts';

export { connection, MAX_PAGE_SIZE } from './connection.ts';
export { productFilters } from './product-filters.ts';

/*
 * The local store's product lists as Shopify answers them: `filters: [ProductFilter!]` on
 * `Collection.products`, `sortKey`/`reverse` on `products` and `Collection.products`, the
 * `filters` output (`Filter { id label type values { id label count input } }`) and connections
 * with `first/after` and `last/before`.
 */

/** Shopify's `ProductFilter` input (the parts a catalog without metafields can answer). */
export type ProductFilter = {
  available?: boolean | null | undefined;
  price?: { min?: number | null | undefined; max?: number | null } | null;
  productType?: string | null | undefined;
  productVendor?: string | null | undefined;
  tag?: string | null | undefined;
  variantOption?: { name?: string | null | undefined; value?: string | null } | null;
  productMetafield?: unknown;
  variantMetafield?: unknown;
  category?: unknown;
  taxonomyMetafield?: unknown;
};

type FilterValue = { id: string; label: string; count: number; input: string };
export type Filter = {
  id: string;
  label: string;
  type: 'LIST' | 'PRICE_RANGE' | 'BOOLEAN';
  values: FilterValue[];
};

const lower = (s: string) => s.trim().toLowerCase();

/**
 * A product's creation date: the fixture's own, or the same stable one derived from its id that
 * the `createdAt` field answers (so sorting by CREATED agrees with the dates a client reads).
 */
export function createdAtOf(p: FixtureProduct): string {
  return p.createdAt ?? derivedTimestamp(p.id);
}

function optionLabel(p: FixtureProduct, v: FixtureVariant, index: number, lang: Locale) {
  const option = p.options[index];
  const key = v.options[index];
  return {
    name: option?.name[lang] ?? 'Title',
    value: option?.values.find((x) => x.key === key)?.label[lang] ?? key ?? '',
  };
}

export type Group = 'available' | 'price' | 'productType' | 'productVendor' | 'tag' | `option:${string}`;

/** The group of a filter: values of one group are alternatives (OR), groups all apply (AND). */
function groupOf(f: ProductFilter): Group | null {
  if (f.available != null) return 'available';
  if (f.price) return 'price';
  if (f.productType != null) return 'productType';
  if (f.productVendor != null) return 'productVendor';
  if (f.tag != null) return 'tag';
  if (f.variantOption?.name != null) return `option:${lower(f.variantOption.name)}`;
  return null;
}

export function groupFilters(filters: readonly ProductFilter[]): Map<Group, ProductFilter[]> {
  const groups = new Map<Group, ProductFilter[]>();
  for (const f of filters) {
    const g = groupOf(f);
    if (g) groups.set(g, [...(groups.get(g) ?? []), f]);
  }
  return groups;
}

function variantMatches(p: FixtureProduct, v: FixtureVariant, f: ProductFilter, lang: Locale): boolean {
  if (f.price) {
    const price = Number(v.price);
    return (f.price.min == null || price >= f.price.min) && (f.price.max == null || price <= f.price.max);
  }
  if (f.variantOption) {
    const name = lower(f.variantOption.name ?? '');
    const value = lower(f.variantOption.value ?? '');
    if (!p.options.length) return name === 'title' && value === 'default title';
    return p.options.some((_, i) => {
      const o = optionLabel(p, v, i, lang);
      return lower(o.name) === name && lower(o.value) === value;
    });
  }
  return true;
}

/**
 * Whether a product passes the filters: product-level groups (type, vendor, tag) on the product,
 * variant-level groups (price, option values) all on one and the same variant, as a shopper means
 * "size M under 50"; in stock means one such variant is for sale, out of stock that none is.
 */
export function productMatches(
  p: FixtureProduct,
  groups: Map<Group, ProductFilter[]>,
  lang: Locale,
): boolean {
  const variantGroups: ProductFilter[][] = [];
  for (const [group, list] of groups) {
    if (group === 'productType' && !list.some((f) => lower(f.productType ?? '') === lower(p.productType)))
      return false;
    if (group === 'productVendor' && !list.some((f) => lower(f.productVendor ?? '') === lower(p.vendor)))
      return false;
    if (group === 'tag' && !list.some((f) => p.tags.some((t) => lower(t) === lower(f.tag ?? ''))))
      return false;
    if (group === 'price' || group.startsWith('option:')) variantGroups.push(list);
  }
  const candidates = p.variants.filter((v) =>
    variantGroups.every((list) => list.some((f) => variantMatches(p, v, f, lang))),
  );
  if (!candidates.length) return false;
  const availability = groups.get('available');
  if (!availability) return true;
  // In stock: one of those variants is for sale; out of stock: none of them is.
  const inStock = candidates.some((v) => v.available);
  return availability.some((f) => f.available === inStock);
}

/** The products that pass every filter (Shopify's `Collection.products(filters:)`). */
export function filterProducts(
  products: readonly FixtureProduct[],
  filters: readonly ProductFilter[] | null | undefined,
  lang: Locale,
): FixtureProduct[] {
  const groups = groupFilters(filters ?? []);
  return groups.size ? products.filter((p) => productMatches(p, groups, lang)) : [...products];
}

const minPrice = (p: FixtureProduct) => Math.min(...p.variants.map((v) => Number(v.price)));

/**
 * Sorted as Shopify sorts for `ProductSortKeys` (`products`, default ID) and
 * `ProductCollectionSortKeys` (`Collection.products`, default COLLECTION_DEFAULT): see
 * ./sort-keys.ts for the shared rules. COLLECTION_DEFAULT and MANUAL keep the collection's own
 * order; BEST_SELLING is a tie everywhere in a catalog without sales (so the id order);
 * RELEVANCE ranks by the `query` and without one answers the list's default order. Titles sort
 * as the `title` field answers them (untranslated products by their Dutch title).
 */
export function sortProducts(
  products: readonly FixtureProduct[],
  sortKey: string | null | undefined,
  reverse: boolean | null | undefined,
  lang: Locale,
  query?: unknown,
): FixtureProduct[] {
  const text = textCompare(lang);
  const title = (p: FixtureProduct) => p.title[textLocale(p, lang)];
  const keys: Record<string, ((a: FixtureProduct, b: FixtureProduct) => number) | null> = {
    COLLECTION_DEFAULT: null,
    MANUAL: null,
    ID: byValue((p) => p.id),
    BEST_SELLING: byValue(() => 0),
    TITLE: (a, b) => text(title(a), title(b)),
    PRICE: byValue(minPrice),
    CREATED: byValue(createdAtOf),
    CREATED_AT: byValue(createdAtOf),
    UPDATED_AT: byValue(productUpdatedAt),
    PRODUCT_TYPE: (a, b) => text(a.productType, b.productType),
    VENDOR: (a, b) => text(a.vendor, b.vendor),
  };
  const compare =
    sortKey === 'RELEVANCE'
      ? relevance(query, title, (p) => p.descriptionHtml[textLocale(p, lang)])
      : (keys[sortKey ?? 'COLLECTION_DEFAULT'] ?? null);
  return sortList(products, compare, (p) => p.id, reverse);
}

export type ProductListArgs = ConnectionArgs & {
  sortKey?: string | null | undefined;
  reverse?: boolean | null | undefined;
  filters?: ProductFilter[] | null | undefined;
  /** `products(query:)`: what RELEVANCE ranks by. */
  query?: string | null | undefined;
};

/**
 * `products` / `Collection.products`: filtered, sorted, paged, with `filters` for the list before
 * filtering. `toNode` makes the product objects the resolvers return.
 */
export function productConnection<N>(
  products: readonly FixtureProduct[],
  args: ProductListArgs,
  lang: Locale,
  toNode: (p: FixtureProduct) => N,
) {
  const sorted = sortProducts(
    filterProducts(products, args.filters, lang),
    args.sortKey,
    args.reverse,
    lang,
    args.query,
  );
  const page = connection(sorted, args);
  return {
    __typename: 'ProductConnection',
    nodes: page.nodes.map(toNode),
    edges: page.edges.map((e) => ({ cursor: e.cursor, node: toNode(e.node) })),
    pageInfo: page.pageInfo,
    filters: () => cachedFilters(products, args.filters, lang),
  };
}

/** Shopify's automatic `all` collection (handle `all`): every product of the catalog in its order. */
export function allProductsCollection(catalog: {
  products: readonly FixtureProduct[];
  collections: readonly FixtureCollection[];
}): FixtureCollection {
  const image = catalog.collections[0]?.image ?? catalog.products[0]?.images[0];
  const text = { nl: 'Alle producten', en: 'All products', de: 'Alle Produkte' };
  return {
    id: 1,
    handle: 'all',
    title: text,
    descriptionHtml: { nl: '', en: '', de: '' },
    image: image as FixtureImage,
    products: catalog.products.map((p) => p.handle),
  };
}
