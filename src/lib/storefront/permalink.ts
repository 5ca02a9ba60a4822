import { isLoopbackStore } from './loopback.ts';

/** The number at the end of a Shopify global id: gid://shopify/ProductVariant/123 -> "123". */
export function numericId(gid: string): string {
  const match = /(\d+)(?:\?.*)?$/.exec(gid);
  if (!match?.[1]) throw new Error(`Not a numeric Shopify id: ${gid}`);
  return match[1];
}

/**
 * A cart permalink, the checkout fallback when the Cart API fails:
 * https://{store}/cart/{variantNumericId}:{quantity},...
 */
export function cartPermalink(
  storeDomain: string,
  lines: readonly { variantId: string; quantity: number }[],
): string {
  const scheme = isLoopbackStore(storeDomain) ? 'http' : 'https';
  const base = /^https?:\/\//.test(storeDomain) ? storeDomain : `${scheme}://${storeDomain}`;
  const items = lines.map((l) => `${numericId(l.variantId)}:${l.quantity}`).join(',');
  return `${base.replace(/\/+$/, '')}/cart/${items}`;
}
