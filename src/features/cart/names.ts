import type { Product } from '~/lib/storefront/types.ts';
import type { CartItem } from './schema.ts';

/*
 * Cart lines store ids; the names shown come from the catalog of the page's language. The build
 * writes one small map per language (/cart-names.json, /en/..., /de/...), variant id -> names.
 */

export type LineNames = Record<string, { title: string; variantTitle: string; handle: string }>;

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
  // Checked by hand, not with zod: see schema.ts (the cart page reads this right after load).
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const names: LineNames = Object.create(null);
  for (const [id, entry] of Object.entries(json)) {
    if (typeof entry !== 'object' || entry === null) return null;
    const { title, variantTitle, handle } = entry as Record<string, unknown>;
    if (typeof title !== 'string' || typeof variantTitle !== 'string' || typeof handle !== 'string')
      return null;
    names[id] = { title, variantTitle, handle };
  }
  return names;
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
