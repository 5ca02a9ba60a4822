import { type Locale, locales } from '../../i18n/locales.ts';
import { cached } from './cache.ts';
import { type Filter, getListingPage, type ProductFilter } from './listing.ts';

/*
 * Filter links that mean the same in every language. A listing address names an option value by
 * handles, `filter.v.option.color=black`: the ids of Shopify's `filters` output
 * (`filter.v.option.color` / `filter.v.option.color.black`), which do not change with the
 * language. Shopify itself filters by the option's name and value in the asked language, so
 * before a request the handles become that language's `input`. The old form of these links
 * (`filter.v.option.kleur=Zwart`: name and value in the language of the page it was copied from)
 * is still understood, by the labels of every language, and rewritten to handles.
 */

const OPTION = 'filter.v.option.';

/** The filters Shopify offers for a collection in one language (remembered per process). */
function filtersOf(handle: string, language: Locale): Promise<Filter[]> {
  return cached(`listing-filters:${language}:${handle}`, async () => {
    const page = await getListingPage({ handle, pageSize: 1 }, language);
    return page?.filters ?? [];
  });
}

const parse = (input: string): ProductFilter | null => {
  try {
    return JSON.parse(input) as ProductFilter;
  } catch {
    return null;
  }
};

type Option = { name: string; value: string };

/** The value a handle pair names in a filter list, with its `input` in that list's language. */
function byHandles(filters: readonly Filter[], option: Option) {
  const filter = filters.find((f) => f.id === `${OPTION}${option.name.toLowerCase()}`);
  return filter?.values.find((v) => v.id === `${filter.id}.${option.value}`);
}

/** The handle pair of an old link's option name and value label, in any one language. */
function handlesOfLabels(lists: readonly (readonly Filter[])[], option: Option): Option | null {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  for (const filters of lists) {
    for (const f of filters) {
      if (!f.id.startsWith(OPTION)) continue;
      if (!same(f.label, option.name) && f.id !== `${OPTION}${option.name.toLowerCase()}`) continue;
      const value = f.values.find((v) => same(v.label, option.value));
      if (value) return { name: f.id.slice(OPTION.length), value: value.id.slice(f.id.length + 1) };
    }
  }
  return null;
}

type ResolvedFilters = {
  /** What to send to Shopify in `language`. */
  inputs: ProductFilter[];
  /** The same filters in the address's form (option values by handles). */
  canonical: ProductFilter[];
  /** Whether the address used the old, language-specific form. */
  legacy: boolean;
};

/**
 * The filters of an address made into Shopify inputs for `language` and into the canonical
 * (language-neutral) form, `collection`'s filters telling the handles apart. Option values that
 * match nothing stay as they are (and so match no product, as any unknown value).
 */
export async function resolveFilters(
  collection: string,
  filters: readonly ProductFilter[],
  language: Locale,
): Promise<ResolvedFilters> {
  const out: ResolvedFilters = { inputs: [], canonical: [], legacy: false };
  if (!filters.some((f) => f.variantOption)) return { ...out, inputs: [...filters], canonical: [...filters] };
  const own = await filtersOf(collection, language);
  for (const f of filters) {
    const option = f.variantOption as Option | null | undefined;
    if (!option?.name || option.value == null) {
      out.inputs.push(f);
      out.canonical.push(f);
      continue;
    }
    let handles: Option | null = byHandles(own, option) ? option : null;
    if (!handles) {
      const lists = [own, ...(await Promise.all(locales.map((l) => filtersOf(collection, l))))];
      handles = handlesOfLabels(lists, option);
      if (handles) out.legacy = true;
    }
    const input = handles ? parse(byHandles(own, handles)?.input ?? '') : null;
    out.inputs.push(input ?? f);
    out.canonical.push(handles ? { variantOption: { name: handles.name, value: handles.value } } : f);
  }
  return out;
}

/**
 * Every option of `collection` (the whole shop by default) by its handle, with its names and
 * value labels in every language (lowercased): what /shop-filter-handles.json serves at build
 * time so old, language-specific filter links on prerendered pages can be redirected before the
 * page is served (src/features/shop/listing/legacy-filters.ts).
 */
export async function filterHandles(
  collection = 'all',
): Promise<Record<string, { names: string[]; values: Record<string, string> }>> {
  const out: Record<string, { names: string[]; values: Record<string, string> }> = {};
  for (const language of locales) {
    for (const f of await filtersOf(collection, language)) {
      if (!f.id.startsWith(OPTION)) continue;
      const handle = f.id.slice(OPTION.length);
      const entry = out[handle] ?? { names: [], values: {} };
      out[handle] = entry;
      const name = f.label.trim().toLowerCase();
      if (!entry.names.includes(name)) entry.names.push(name);
      for (const v of f.values) {
        if (v.id.startsWith(`${f.id}.`))
          entry.values[v.label.trim().toLowerCase()] = v.id.slice(f.id.length + 1);
      }
    }
  }
  return out;
}
