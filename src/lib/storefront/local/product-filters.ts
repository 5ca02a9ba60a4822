import type { Locale } from '../../../i18n/locales.ts';
import {
  type Filter,
  filterProducts,
  type Group,
  groupFilters,
  type ProductFilter,
  productMatches,
} from './product-query.ts';
import type { FixtureProduct } from './types.ts';

const lower = (s: string) => s.trim().toLowerCase();

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
    handleOf: (value: string) => string = slug,
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
        id: `${id}.${handleOf(value)}`,
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
  const valueKeys = new Map<string, string>();
  for (const p of products)
    for (const o of p.options) {
      const key = slug(o.name.en);
      for (const v of o.values) valueKeys.set(`${key}|${v.label[lang]}`, v.key);
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
      // The value's handle, the same in every language (as the option's id is).
      (value) => slug(valueKeys.get(`${key}|${value}`) ?? value),
    );
  }
  return out;
}

const filterCache = new Map<string, Filter[]>();
const FILTER_CACHE_SIZE = 200;

/**
 * productFilters, remembered for the same products and filters: a build pages through a large
 * collection 24 at a time and asks for the same filters on every page.
 */
export function cachedFilters(
  products: readonly FixtureProduct[],
  active: readonly ProductFilter[] | null | undefined,
  lang: Locale,
): Filter[] {
  const key = `${lang}|${JSON.stringify(active ?? [])}|${products.map((p) => p.id).join(',')}`;
  let hit = filterCache.get(key);
  if (!hit) {
    hit = productFilters(products, active, lang);
    if (filterCache.size >= FILTER_CACHE_SIZE) filterCache.delete(filterCache.keys().next().value as string);
    filterCache.set(key, hit);
  }
  return hit;
}
