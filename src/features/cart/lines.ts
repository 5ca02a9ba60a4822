import { type CartItem, MAX_QUANTITY } from './schema.ts';

/*
 * Pure cart rules (SPEC.md sections 4 and 5). The store applies them; tests call them directly.
 */

export type NewLine = Omit<CartItem, 'id' | 'quantity' | 'lineId'> & { quantity: number; available: boolean };
export type AddResult =
  | { ok: true; items: CartItem[]; quantity: number; added: number; capped: boolean }
  | { ok: false; reason: 'unavailable' | 'invalid' };

/** The marker in the id of a synthetic default variant; such ids are never added to the cart. */
export const SYNTHETIC_VARIANT_MARKER = 'default-variant';

const clamp = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(n)));

/**
 * Adds a variant: an existing line grows (up to 10; `added` says by how much), a new one gets id `{variantId}-{timestamp}`.
 * Variants not for sale, without an id or with the synthetic-default marker are refused.
 */
export function addLine(items: readonly CartItem[], line: NewLine, now = Date.now()): AddResult {
  if (!line.variantId || line.variantId.includes(SYNTHETIC_VARIANT_MARKER))
    return { ok: false, reason: 'invalid' };
  if (!line.available) return { ok: false, reason: 'unavailable' };
  if (!Number.isFinite(line.quantity) || line.quantity < 1) return { ok: false, reason: 'invalid' };
  const { available: _available, quantity, ...rest } = line;
  const existing = items.find((i) => i.variantId === line.variantId);
  if (existing) {
    const wanted = existing.quantity + Math.trunc(quantity);
    const next = clamp(wanted);
    return {
      ok: true,
      items: items.map((i) => (i === existing ? { ...i, quantity: next } : i)),
      quantity: next,
      added: next - existing.quantity,
      capped: wanted > MAX_QUANTITY,
    };
  }
  const next = clamp(quantity);
  return {
    ok: true,
    items: [...items, { ...rest, id: `${line.variantId}-${now}`, quantity: next }],
    quantity: next,
    added: next,
    capped: quantity > MAX_QUANTITY,
  };
}

/** Sets a line's quantity; 0 or less removes it, more than 10 becomes 10. */
export function setLineQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeLine(items, id);
  return items.map((i) => (i.id === id ? { ...i, quantity: clamp(quantity) } : i));
}

/** Removes a line. */
export function removeLine(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((i) => i.id !== id);
}

/** Number of units in the cart. */
export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

/** Sum of price × quantity, in cents. */
export function subtotalCents(items: readonly CartItem[]): number {
  return items.reduce((sum, i) => sum + i.price * i.quantity, 0);
}
