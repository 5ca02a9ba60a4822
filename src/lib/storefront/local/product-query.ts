import type { Locale } from '../../../i18n/locales.ts';
import type { FixtureCollection, FixtureImage, FixtureProduct, FixtureVariant } from './types.ts';

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

export type FilterValue = { id: string; label: string; count: number; input: string };
export type Filter = {
  id: string;
  label: string;
  type: 'LIST' | 'PRICE_RANGE' | 'BOOLEAN';
  values: FilterValue[];
};

/** Thrown for arguments Shopify refuses; graphql-js turns it into an error of the field. */
export class ConnectionArgumentError extends Error {}

/** Shopify's largest page. */
export const MAX_PAGE_SIZE = 250;

const lower = (s: string) => s.trim().toLowerCase();

/** A product's creation date: the fixture's own, or a stable one derived from its id (older ids first). */
export function createdAtOf(p: FixtureProduct): string {
  const own = (p as FixtureProduct & { createdAt?: string }).createdAt;
  if (own) return own;
  return new Date(Date.UTC(2025, 0, 1) + (p.id % 10_000_000) * 60_000).toISOString();
}

function optionLabel(p: FixtureProduct, v: FixtureVariant, index: number, lang: Locale) {
  const option = p.options[index];
  const key = v.options[index];
  return {
    name: option?.name[lang] ?? 'Title',
    value: option?.values.find((x) => x.key === key)?.label[lang] ?? key ?? '',
  };
}

type Group = 'available' | 'price' | 'productType' | 'productVendor' | 'tag' | `option:${string}`;

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

function groupFilters(filters: readonly ProductFilter[]): Map<Group, ProductFilter[]> {
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
function productMatches(p: FixtureProduct, groups: Map<Group, ProductFilter[]>, lang: Locale): boolean {
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
 * Sorted as Shopify sorts for `ProductSortKeys` and `ProductCollectionSortKeys`; the list's own
 * order (collection order, the shop's order) stands for COLLECTION_DEFAULT, MANUAL, RELEVANCE and
 * BEST_SELLING (a catalog without sales). Ties keep that order; `reverse` reverses the result.
 */
export function sortProducts(
  products: readonly FixtureProduct[],
  sortKey: string | null | undefined,
  reverse: boolean | null | undefined,
  lang: Locale,
): FixtureProduct[] {
  const indexed = products.map((p, i) => ({ p, i }));
  const by = (value: (p: FixtureProduct) => number | string) => {
    indexed.sort((a, b) => {
      const x = value(a.p);
      const y = value(b.p);
      if (x < y) return -1;
      if (x > y) return 1;
      return a.i - b.i;
    });
  };
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  switch (sortKey) {
    case 'TITLE':
      indexed.sort((a, b) => collator.compare(a.p.title[lang], b.p.title[lang]) || a.i - b.i);
      break;
    case 'PRICE':
      by(minPrice);
      break;
    case 'CREATED':
    case 'CREATED_AT':
    case 'UPDATED_AT':
      by(createdAtOf);
      break;
    case 'ID':
      by((p) => p.id);
      break;
    case 'PRODUCT_TYPE':
      indexed.sort((a, b) => collator.compare(a.p.productType, b.p.productType) || a.i - b.i);
      break;
    case 'VENDOR':
      indexed.sort((a, b) => collator.compare(a.p.vendor, b.p.vendor) || a.i - b.i);
      break;
    default:
      break;
  }
  const sorted = indexed.map((x) => x.p);
  return reverse ? sorted.reverse() : sorted;
}

const LABELS: Record<
  Locale,
  {
    availability: string;
    inStock: string;
    outOfStock: string;
    price: string;
    type: string;
    vendor: string;
    tag: string;
  }
> = {
  nl: {
    availability: 'Beschikbaarheid',
    inStock: 'Op voorraad',
    outOfStock: 'Uitverkocht',
    price: 'Prijs',
    type: 'Producttype',
    vendor: 'Merk',
    tag: 'Tag',
  },
  en: {
    availability: 'Availability',
    inStock: 'In stock',
    outOfStock: 'Out of stock',
    price: 'Price',
    type: 'Product type',
    vendor: 'Brand',
    tag: 'Tag',
  },
  de: {
    availability: 'Verfügbarkeit',
    inStock: 'Auf Lager',
    outOfStock: 'Ausverkauft',
    price: 'Preis',
    type: 'Produkttyp',
    vendor: 'Marke',
    tag: 'Tag',
  },
};

const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Shopify's `filters` output for a product list and the filters in force: availability, price
 * range, product type, vendor and one list per option name (size, colour). A value's count is the
 * number of products it would give together with the other groups in force (faceted counts), so
 * a shopper sees what a click gives; values are listed even at 0, in a stable order.
 */
export function productFilters(
  products: readonly FixtureProduct[],
  active: readonly ProductFilter[] | null | undefined,
  lang: Locale,
): Filter[] {
  const groups = groupFilters(active ?? []);
  const without = (group: Group) => {
    const rest = new Map(groups);
    rest.delete(group);
    return products.filter((p) => productMatches(p, rest, lang));
  };
  const countWith = (pool: FixtureProduct[], f: ProductFilter) => filterProducts(pool, [f], lang).length;
  const labels = LABELS[lang];
  const out: Filter[] = [];

  const availabilityPool = without('available');
  out.push({
    id: 'filter.v.availability',
    label: labels.availability,
    type: 'LIST',
    values: [
      { id: 'filter.v.availability.1', label: labels.inStock, input: { available: true } },
      { id: 'filter.v.availability.0', label: labels.outOfStock, input: { available: false } },
    ].map((v) => ({ ...v, count: countWith(availabilityPool, v.input), input: JSON.stringify(v.input) })),
  });

  const prices = products.flatMap((p) => p.variants.map((v) => Number(v.price)));
  const max = prices.length ? Math.max(...prices) : 0;
  out.push({
    id: 'filter.v.price',
    label: labels.price,
    type: 'PRICE_RANGE',
    values: [
      {
        id: 'filter.v.price',
        label: labels.price,
        count: 0,
        input: JSON.stringify({ price: { min: 0, max } }),
      },
    ],
  });

  const listFilter = (
    id: string,
    label: string,
    group: Group,
    valuesOf: (p: FixtureProduct) => string[],
    input: (value: string) => ProductFilter,
  ) => {
    const seen: string[] = [];
    for (const p of products) for (const v of valuesOf(p)) if (!seen.includes(v)) seen.push(v);
    if (!seen.length) return;
    const pool = without(group);
    out.push({
      id,
      label,
      type: 'LIST',
      values: seen.map((value) => ({
        id: `${id}.${slug(value)}`,
        label: value,
        count: countWith(pool, input(value)),
        input: JSON.stringify(input(value)),
      })),
    });
  };

  listFilter(
    'filter.p.product_type',
    labels.type,
    'productType',
    (p) => (p.productType ? [p.productType] : []),
    (productType) => ({ productType }),
  );
  listFilter(
    'filter.p.vendor',
    labels.vendor,
    'productVendor',
    (p) => (p.vendor ? [p.vendor] : []),
    (productVendor) => ({ productVendor }),
  );

  // One filter per option name, in the order options first appear; values in option order.
  const optionNames: { key: string; name: string }[] = [];
  for (const p of products)
    for (const o of p.options) {
      const key = slug(o.name.en);
      if (!optionNames.some((x) => x.key === key)) optionNames.push({ key, name: o.name[lang] });
    }
  for (const { key, name } of optionNames) {
    listFilter(
      `filter.v.option.${key}`,
      name,
      `option:${lower(name)}`,
      (p) => {
        const index = p.options.findIndex((o) => slug(o.name.en) === key);
        const option = p.options[index];
        if (!option) return [];
        // Values some variant carries, in the option's order.
        return option.values
          .filter((ov) => p.variants.some((v) => v.options[index] === ov.key))
          .map((ov) => ov.label[lang]);
      },
      (value) => ({ variantOption: { name, value } }),
    );
  }
  return out;
}

export type ConnectionArgs = {
  first?: number | null | undefined;
  last?: number | null | undefined;
  after?: string | null | undefined;
  before?: string | null | undefined;
};

const encodeCursor = (index: number) => Buffer.from(String(index)).toString('base64url');

function decodeCursor(cursor: string): number {
  const index = Number(Buffer.from(cursor, 'base64url').toString());
  if (!/^[A-Za-z0-9_-]+$/.test(cursor) || !Number.isInteger(index) || index < 0)
    throw new ConnectionArgumentError(`Invalid cursor: ${cursor}`);
  return index;
}

/**
 * A connection (nodes, edges, pageInfo) over a list as Shopify gives it: exactly one of `first`
 * and `last` (0..250), `after`/`before` cursors narrowing the window, hasNextPage and
 * hasPreviousPage telling whether the full list goes on beyond the page in either direction.
 */
export function connection<T>(list: readonly T[], args: ConnectionArgs = {}) {
  const { first, last } = args;
  if (first == null && last == null)
    throw new ConnectionArgumentError('you must provide one of first or last');
  if (first != null && last != null)
    throw new ConnectionArgumentError('providing both first and last is not supported');
  const size = (first ?? last) as number;
  if (size < 0) throw new ConnectionArgumentError(`${first != null ? 'first' : 'last'} must be at least 0`);
  if (size > MAX_PAGE_SIZE)
    throw new ConnectionArgumentError(
      `${first != null ? 'first' : 'last'} must be at most ${MAX_PAGE_SIZE} (got ${size})`,
    );
  let from = 0;
  let to = list.length; // exclusive
  if (args.after) from = Math.min(list.length, decodeCursor(args.after) + 1);
  if (args.before) to = Math.max(from, Math.min(to, decodeCursor(args.before)));
  const start = first != null ? from : Math.max(from, to - size);
  const end = first != null ? Math.min(to, from + size) : to;
  const slice = list.slice(start, end);
  return {
    nodes: slice,
    edges: slice.map((node, i) => ({ node, cursor: encodeCursor(start + i) })),
    pageInfo: {
      hasNextPage: end < list.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length ? encodeCursor(start) : null,
      endCursor: slice.length ? encodeCursor(end - 1) : null,
    },
  };
}

export type ProductListArgs = ConnectionArgs & {
  sortKey?: string | null | undefined;
  reverse?: boolean | null | undefined;
  filters?: ProductFilter[] | null | undefined;
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
  const sorted = sortProducts(filterProducts(products, args.filters, lang), args.sortKey, args.reverse, lang);
  const page = connection(sorted, args);
  return {
    __typename: 'ProductConnection',
    nodes: page.nodes.map(toNode),
    edges: page.edges.map((e) => ({ cursor: e.cursor, node: toNode(e.node) })),
    pageInfo: page.pageInfo,
    filters: () => productFilters(products, args.filters, lang),
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
