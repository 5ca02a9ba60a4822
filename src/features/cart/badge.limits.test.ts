import { describe, expect, it } from 'vitest';
import { countCartItems } from './badge.ts';

/* The header badge counts only a cart the store would accept: 1 to 10 per line (SPEC.md section 9), at most 50 lines. */

const line = (quantity: number) => ({ variantId: 'gid://shopify/ProductVariant/1', price: 100, quantity });
const count = (lines: unknown) => countCartItems(JSON.stringify(lines));

describe('cart badge limits', () => {
  it('counts quantities 1 and 10, a line of 0 or 11 makes the cart unreadable', () => {
    expect(count([line(1)])).toBe(1);
    expect(count([line(10)])).toBe(10);
    expect(count([line(10), line(0)])).toBe(0);
    expect(count([line(11)])).toBe(0);
    expect(count([line(1.5)])).toBe(0);
    expect(count([{ ...line(1), quantity: '1' }])).toBe(0);
  });

  it('counts 50 lines, not 51', () => {
    expect(count(Array.from({ length: 50 }, () => line(2)))).toBe(100);
    expect(count(Array.from({ length: 51 }, () => line(2)))).toBe(0);
  });

  it('needs a variant id and a numeric price on every line', () => {
    expect(count([line(1), { ...line(1), variantId: 1 }])).toBe(0);
    expect(count([line(1), { ...line(1), price: '1.00' }])).toBe(0);
    expect(count([line(1), null])).toBe(0);
    expect(count([{ ...line(3), price: 0 }])).toBe(3);
  });

  it('counts an empty cart or a stored null as 0', () => {
    expect(count([])).toBe(0);
    expect(countCartItems('null')).toBe(0);
  });
});
