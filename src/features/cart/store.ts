import { persistentAtom } from '@nanostores/persistent';
import { addLine, type NewLine, removeLine, setLineQuantity } from './lines.ts';
import { type CartItem, decodeCart } from './schema.ts';

/** Key of the cart in localStorage (SPEC.md section 3). */
export const CART_KEY = 'cart';

/**
 * The one cart store: persisted in localStorage `cart`, validated when read, and kept in step
 * across tabs by @nanostores/persistent's storage listener. Components change it only through
 * the functions below.
 */
export const $cart = persistentAtom<CartItem[]>(CART_KEY, [], {
  encode: JSON.stringify,
  decode: decodeCart,
});

// A stored value that fails validation is replaced, so every reader (the header badge too) agrees.
try {
  const raw = localStorage.getItem(CART_KEY);
  if (raw !== null && decodeCart(raw).length === 0 && raw !== '[]') $cart.set([]);
} catch {
  // No storage (private mode): the cart lives in memory for this page.
}

// The header badge listens for this in the same tab; other tabs get the storage event.
$cart.listen(() => document.dispatchEvent(new CustomEvent('cart:change')));

/** Adds a variant to the cart under the rules of SPEC.md section 5. */
export function addCartLine(line: NewLine) {
  const result = addLine($cart.get(), line);
  if (result.ok) $cart.set(result.items);
  return result;
}

/** Sets a line's quantity (0 removes it). */
export function setCartLineQuantity(id: string, quantity: number): void {
  $cart.set(setLineQuantity($cart.get(), id, quantity));
}

/** Removes a line. */
export function removeCartLine(id: string): void {
  $cart.set(removeLine($cart.get(), id));
}

/** Empties the cart. */
export function clearCart(): void {
  $cart.set([]);
}
