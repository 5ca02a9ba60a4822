/** Key of the discount code in localStorage (kept until removed or checked out). */
export const DISCOUNT_KEY = 'discountCode';
/** A code as the checkout endpoint accepts it. */
export const DISCOUNT_PATTERN = /^[\p{L}\p{N}_-]{1,50}$/u;

/** The stored discount code; anything corrupt is removed and reads as none. */
export function readDiscountCode(): string | null {
  try {
    const raw = localStorage.getItem(DISCOUNT_KEY);
    if (raw === null) return null;
    if (DISCOUNT_PATTERN.test(raw)) return raw;
    localStorage.removeItem(DISCOUNT_KEY);
  } catch {
    // No storage: no code.
  }
  return null;
}

export function writeDiscountCode(code: string | null): void {
  try {
    if (code) localStorage.setItem(DISCOUNT_KEY, code);
    else localStorage.removeItem(DISCOUNT_KEY);
  } catch {
    // No storage: the code lives for this page only.
  }
}

/** What the store said about the codes of a checkout cart (POST /api/checkout's answer). */
export type DiscountResult = {
  discountCodes?: { code: string; applicable: boolean }[];
  cost?: { subtotal: number; total: number };
};
export const DISCOUNT_EVENT = 'discount:result';
