import { supabaseUrl } from '~/lib/supabase/env.ts';

/** Where the seeded mockup `n` of a variant lives: the public storage bucket `mockups`. */
export const mockupBase = `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/mockups`;
export const mockupUrl = (variantId: string, n: number) => `${mockupBase}/${variantId}/${n}.png`;

/**
 * The product's own pictures to show in place of `count` missing mockups: the chosen variant's
 * picture first, then the product's other pictures, each once; repeats the first when the
 * product has fewer pictures than slots.
 */
export function mockupFallbacks(
  variantImage: string | null,
  productImages: string[],
  count: number,
): string[] {
  const unique = [...new Set([variantImage, ...productImages].filter((u): u is string => Boolean(u)))];
  if (unique.length === 0) return [];
  return Array.from({ length: count }, (_, i) => unique[i] ?? unique[0] ?? '');
}
