import type { Filter, ProductFilter } from '~/lib/storefront/listing.ts';
import { valueParam } from './url-state.ts';

/*
 * Shopify's `filters` output made into what the filter panel shows: our own translated names for
 * the filters every store has (availability, price, product type), the store's names for the rest
 * (option names and values come translated from the store), one URL parameter per value.
 */

type FilterValueView = { label: string; count: number; param: string; value: string };
export type FilterView =
  | { kind: 'list'; id: string; label: string; values: FilterValueView[] }
  | { kind: 'price'; id: string; label: string; max: number };

/** Our translated names, by Shopify filter id (and value id for availability). */
export type FilterLabels = {
  availability: string;
  inStock: string;
  outOfStock: string;
  price: string;
  productType: string;
  /**
   * Our names for the store's product types in the page's language, by `productTypeKey`: a store
   * names its types in one language, which would show untranslated on the other two.
   */
  productTypes?: Readonly<Record<string, string>>;
};

/** The dictionary key part for a store's product type: "Online course" -> "online-course". */
export function productTypeKey(type: string): string {
  return type
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function parseInput(input: unknown): ProductFilter | null {
  try {
    const value = typeof input === 'string' ? JSON.parse(input) : input;
    return value && typeof value === 'object' ? (value as ProductFilter) : null;
  } catch {
    return null;
  }
}

/** The filters worth showing: availability and price always, other lists with two or more values. */
export function filterViews(filters: readonly Filter[], labels: FilterLabels): FilterView[] {
  const out: FilterView[] = [];
  for (const f of filters) {
    if (f.type === 'PRICE_RANGE') {
      const input = parseInput(f.values[0]?.input);
      out.push({ kind: 'price', id: f.id, label: labels.price, max: Math.ceil(input?.price?.max ?? 0) });
      continue;
    }
    if (f.type !== 'LIST') continue;
    const values: FilterValueView[] = [];
    for (const v of f.values) {
      const input = parseInput(v.input);
      const param = valueParam(f.id, v);
      if (!param) continue;
      let label = v.label;
      if (f.id === 'filter.v.availability') label = input?.available ? labels.inStock : labels.outOfStock;
      if (f.id === 'filter.p.product_type') label = labels.productTypes?.[productTypeKey(v.label)] ?? v.label;
      values.push({ label, count: v.count, param: param[0], value: param[1] });
    }
    const always = f.id === 'filter.v.availability';
    if (!always && values.length < 2) continue;
    const label =
      f.id === 'filter.v.availability'
        ? labels.availability
        : f.id === 'filter.p.product_type'
          ? labels.productType
          : f.label;
    out.push({ kind: 'list', id: f.id, label, values });
  }
  return out;
}
