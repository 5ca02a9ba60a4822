import * as z from 'zod/mini';

/** Most units of one variant in the cart (SPEC.md section 9). */
export const MAX_QUANTITY = 10;

/** One cart line as stored in localStorage `cart` (SPEC.md section 3); price in cents. */
export const cartItemSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(300)),
  variantId: z.string().check(z.minLength(1), z.maxLength(300)),
  productId: z.string().check(z.maxLength(300)),
  title: z.string().check(z.maxLength(500)),
  variantTitle: z.string().check(z.maxLength(500)),
  price: z.int().check(z.minimum(0)),
  quantity: z.int().check(z.minimum(1), z.maximum(MAX_QUANTITY)),
  image: z.nullable(z.string().check(z.maxLength(2000))),
  lineId: z.optional(z.nullable(z.string())),
  handle: z.optional(z.string()),
});
export const cartSchema = z.array(cartItemSchema).check(z.maxLength(50));

export type CartItem = z.infer<typeof cartItemSchema>;

/** A stored cart string as cart lines; anything corrupt or foreign is an empty cart. */
export function decodeCart(raw: string | null | undefined): CartItem[] {
  if (!raw) return [];
  try {
    const result = cartSchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : [];
  } catch {
    return [];
  }
}
