/** Most units of one variant in the cart (SPEC.md section 9). */
export const MAX_QUANTITY = 10;

/** One cart line as stored in localStorage `cart` (SPEC.md section 3); price in cents. */
export type CartItem = {
  id: string;
  variantId: string;
  productId: string;
  title: string;
  variantTitle: string;
  price: number;
  quantity: number;
  image: string | null;
  lineId?: string | null;
  handle?: string;
};

/** Most lines a stored cart may hold. */
const MAX_LINES = 50;

/*
 * Checked by hand rather than with zod: this runs on every shop page right after the first
 * paint, and building zod's schemas cost ~27 ms of main thread there on a slow phone's share of
 * CPU (a long task) plus 7 KB gz. The limits are those of SPEC.md section 3 and are tested at
 * both sides (lines.limits.test.ts).
 */
const text = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;
const whole = (value: unknown, min: number, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

function cartItem(value: unknown): CartItem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (
    !text(v.id, 1, 300) ||
    !text(v.variantId, 1, 300) ||
    !text(v.productId, 0, 300) ||
    !text(v.title, 0, 500) ||
    !text(v.variantTitle, 0, 500) ||
    !whole(v.price, 0, Number.MAX_SAFE_INTEGER) ||
    !whole(v.quantity, 1, MAX_QUANTITY) ||
    !(v.image === null || text(v.image, 0, 2000)) ||
    !(v.lineId === undefined || v.lineId === null || typeof v.lineId === 'string') ||
    !(v.handle === undefined || typeof v.handle === 'string')
  )
    return null;
  const item: CartItem = {
    id: v.id,
    variantId: v.variantId,
    productId: v.productId,
    title: v.title,
    variantTitle: v.variantTitle,
    price: v.price,
    quantity: v.quantity,
    image: v.image,
  };
  if (v.lineId !== undefined) item.lineId = v.lineId;
  if (v.handle !== undefined) item.handle = v.handle;
  return item;
}

/** A stored cart string as cart lines; anything corrupt or foreign is an empty cart. */
export function decodeCart(raw: string | null | undefined): CartItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || parsed.length > MAX_LINES) return [];
    const items = parsed.map(cartItem);
    return items.every((item) => item !== null) ? (items as CartItem[]) : [];
  } catch {
    return [];
  }
}
