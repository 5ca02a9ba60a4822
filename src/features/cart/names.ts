import * as z from 'zod/mini';
import type { Product } from '~/lib/storefront/types.ts';
import type { CartItem } from './schema.ts';

/*
 * Cart lines store ids; the names shown come from the catalog of the page's language. The build
 * writes one small map per language (/cart-names.json, /en/..., /de/...), variant id -> names.
 */

const namesSchema = z.record(
  z.string(),
  z.object({ title: z.string(), variantTitle: z.string(), handle: z.string() }),
);
export type LineNames = z.infer<typeof namesSchema>;

/** The names of every variant of the given products, in the language they were fetched in. */
export function catalogNames(products: readonly Product[]): LineNames {
  const names: LineNames = {};
  for (const product of products) {
    for (const variant of product.variants) {
      names[variant.id] = { title: product.title, variantTitle: variant.title, handle: product.handle };
    }
  }
  return names;
}

/** Lines with titles from `names`; a line whose variant is not there keeps what it stored. */
export function localizeLines(items: readonly CartItem[], names: LineNames | null): CartItem[] {
  if (!names) return [...items];
  return items.map((item) => {
    const found = names[item.variantId];
    return found ? { ...item, ...found } : item;
  });
}

/** Parses a names map; anything malformed gives null (the stored names are shown then). */
export function parseLineNames(json: unknown): LineNames | null {
  const result = namesSchema.safeParse(json);
  return result.success ? result.data : null;
}

const loads = new Map<string, Promise<LineNames | null>>();

/** Fetches the names map at `url` once per page; null when it cannot be had. */
export function loadLineNames(url: string): Promise<LineNames | null> {
  let load = loads.get(url);
  if (!load) {
    load = fetch(url, { signal: AbortSignal.timeout(4000) })
      .then((r) => (r.ok ? r.json() : null))
      .then(parseLineNames)
      .catch(() => null);
    loads.set(url, load);
  }
  return load;
}
