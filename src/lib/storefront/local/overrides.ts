/*
 * Run-time stock and price changes for the LOCAL catalog only, so tests can make a variant sell
 * out (or change price) after the site was built. The running server reads every `*.json` file in
 * the directory named by LOCAL_CATALOG_OVERRIDES_DIR on each request; each file is an object
 * `{ "<variant gid>": { "available"?: boolean, "price"?: "12.00" } }`.
 *
 * It cannot reach production: the local catalog is never used once SHOPIFY_STORE_DOMAIN and a
 * token are set, and the directory is ignored on Netlify (NETLIFY or CONTEXT in the environment).
 */

export type VariantOverride = { available?: boolean; price?: string };

const PRICE = /^\d{1,6}\.\d{2}$/;

function overridesDir(): string | null {
  if (typeof process === 'undefined') return null;
  const env = process.env;
  if (env.NETLIFY || env.CONTEXT) return null;
  return env.LOCAL_CATALOG_OVERRIDES_DIR?.trim() || null;
}

/** Parses one override file; anything malformed is skipped, never thrown. */
export function parseOverrides(text: string): Map<string, VariantOverride> {
  const out = new Map<string, VariantOverride>();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return out;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return out;
  for (const [id, value] of Object.entries(data as Record<string, unknown>)) {
    if (!id.startsWith('gid://shopify/ProductVariant/') || !value || typeof value !== 'object') continue;
    const v = value as Record<string, unknown>;
    const entry: VariantOverride = {};
    if (typeof v.available === 'boolean') entry.available = v.available;
    if (typeof v.price === 'string' && PRICE.test(v.price)) entry.price = v.price;
    out.set(id, entry);
  }
  return out;
}

/** The overrides in force now (empty when none are configured). */
export async function currentOverrides(): Promise<Map<string, VariantOverride>> {
  const dir = overridesDir();
  const out = new Map<string, VariantOverride>();
  if (!dir) return out;
  const { readdir, readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return out;
  }
  for (const file of files) {
    const text = await readFile(join(dir, file), 'utf8').catch(() => '');
    for (const [id, o] of parseOverrides(text)) out.set(id, { ...out.get(id), ...o });
  }
  return out;
}

/** A variant node as the store answers it now: the override's price and availability applied. */
export function applyOverride<T extends Record<string, unknown>>(node: T, o: VariantOverride | undefined): T {
  if (!o) return node;
  const money = o.price ? { __typename: 'MoneyV2', amount: o.price, currencyCode: 'EUR' } : undefined;
  return {
    ...node,
    ...(money ? { price: money, priceV2: money } : {}),
    ...(o.available === undefined
      ? {}
      : { availableForSale: o.available, currentlyNotInStock: !o.available }),
  };
}
