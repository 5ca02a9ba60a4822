import { atom } from 'nanostores';

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

/** The cart's lines as the store saw them: a discount found for other lines says nothing now. */
export const linesKey = (lines: readonly { variantId: string; quantity: number }[]): string =>
  lines
    .map((l) => `${l.variantId}:${l.quantity}`)
    .sort()
    .join(',');

/**
 * A code the store applied, with the amount off (cents) for the lines it saw (`linesKey`). The
 * cart's summary shows the discount and the lower total only while the lines are still those;
 * after a change the code is checked again (discount.ts). In memory: a reload asks again.
 */
export type AppliedDiscount = { code: string; offCents: number; lines: string };
export const $appliedDiscount = atom<AppliedDiscount | null>(null);
