import { describe, expect, it } from 'vitest';
import { addLine, itemCount, type NewLine, removeLine, setLineQuantity, subtotalCents } from './lines.ts';
import { type CartItem, decodeCart } from './schema.ts';

/*
 * Both sides of every cart limit. The numbers are SPEC.md's (quantity 1 to 10, section 9), written
 * out here rather than imported, so a wrong constant in the code fails these tests.
 */

const shirt: NewLine = {
  variantId: 'gid://shopify/ProductVariant/40001',
  productId: 'gid://shopify/Product/20001',
  handle: 'shirt',
  title: 'Shirt',
  variantTitle: 'M',
  price: 2500,
  quantity: 1,
  image: null,
  available: true,
};
const cap: NewLine = { ...shirt, variantId: 'gid://shopify/ProductVariant/40002', title: 'Cap', price: 1500 };

function added(
  items: CartItem[],
  line: NewLine,
  now = 1,
): { items: CartItem[]; quantity: number; capped: boolean } {
  const result = addLine(items, line, now);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

describe('adding to the cart: quantity limits', () => {
  it('takes a new line of exactly 10 without capping, and caps 11 at 10', () => {
    expect(added([], { ...shirt, quantity: 10 })).toMatchObject({ quantity: 10, capped: false });
    const over = added([], { ...shirt, quantity: 11 });
    expect(over).toMatchObject({ quantity: 10, capped: true });
    expect(over.items[0]?.quantity).toBe(10);
  });

  it('grows an existing line to exactly 10 without capping, and caps one more', () => {
    const four = added([], { ...shirt, quantity: 4 }).items;
    expect(added(four, { ...shirt, quantity: 6 })).toMatchObject({ quantity: 10, capped: false });
    expect(added(four, { ...shirt, quantity: 7 })).toMatchObject({ quantity: 10, capped: true });
    expect(added(four, { ...shirt, quantity: 5 })).toMatchObject({ quantity: 9, capped: false });
  });

  it('takes a quantity of 1 and refuses less, or a quantity that is not a number', () => {
    expect(added([], { ...shirt, quantity: 1 }).quantity).toBe(1);
    for (const quantity of [0.99, 0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(addLine([], { ...shirt, quantity })).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('counts whole units only', () => {
    expect(added([], { ...shirt, quantity: 2.9 }).quantity).toBe(2);
    const two = added([], { ...shirt, quantity: 2 }).items;
    expect(added(two, { ...shirt, quantity: 2.9 }).quantity).toBe(4);
  });

  it('refuses an unavailable variant even when everything else is fine, and says why', () => {
    expect(addLine([], { ...shirt, available: false })).toEqual({ ok: false, reason: 'unavailable' });
    // An id problem is reported before availability.
    expect(addLine([], { ...shirt, variantId: '', available: false })).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('grows only the line of the same variant and keeps the others as they were', () => {
    const both = added(added([], shirt, 1).items, { ...cap, quantity: 2 }, 2).items;
    const more = added(both, { ...cap, quantity: 3 }, 3).items;
    expect(more.map((i) => [i.id, i.quantity])).toEqual([
      [`${shirt.variantId}-1`, 1],
      [`${cap.variantId}-2`, 5],
    ]);
    // The original list is not changed in place.
    expect(both.map((i) => i.quantity)).toEqual([1, 2]);
  });
});

describe('changing and removing lines', () => {
  const items = added(added([], shirt, 1).items, { ...cap, quantity: 2 }, 2).items;
  const [shirtId, capId] = items.map((i) => i.id) as [string, string];

  it('sets 1 and 10 as they are, a fraction to whole units, more than 10 to 10', () => {
    const q = (n: number) => setLineQuantity(items, shirtId, n).map((i) => i.quantity);
    expect(q(1)).toEqual([1, 2]);
    expect(q(10)).toEqual([10, 2]);
    expect(q(11)).toEqual([10, 2]);
    expect(q(3.7)).toEqual([3, 2]);
    expect(q(0.5)).toEqual([1, 2]);
  });

  it('removes the line at 0 or less, and only that line', () => {
    expect(setLineQuantity(items, shirtId, 0).map((i) => i.id)).toEqual([capId]);
    expect(setLineQuantity(items, capId, -3).map((i) => i.id)).toEqual([shirtId]);
    expect(removeLine(items, capId).map((i) => i.id)).toEqual([shirtId]);
    expect(removeLine(items, 'no-such-line')).toEqual(items);
  });

  it('counts units and sums cents over all lines', () => {
    expect(itemCount([])).toBe(0);
    expect(subtotalCents([])).toBe(0);
    expect(itemCount(items)).toBe(3);
    expect(subtotalCents(items)).toBe(2500 + 2 * 1500);
  });
});

describe('reading the stored cart: limits', () => {
  const line = (over: Partial<CartItem> = {}): CartItem => ({
    id: 'v-1',
    variantId: 'v',
    productId: 'p',
    title: 't',
    variantTitle: 'vt',
    price: 100,
    quantity: 1,
    image: null,
    ...over,
  });
  const read = (lines: unknown[]) => decodeCart(JSON.stringify(lines));

  it('keeps quantities 1 and 10, drops the cart at 0 or 11', () => {
    expect(read([line({ quantity: 1 }), line({ id: 'b', quantity: 10 })])).toHaveLength(2);
    expect(read([line({ quantity: 0 })])).toEqual([]);
    expect(read([line({ quantity: 11 })])).toEqual([]);
  });

  it('keeps a free item (price 0), drops a negative or fractional price', () => {
    expect(read([line({ price: 0 })])).toHaveLength(1);
    expect(read([line({ price: -1 })])).toEqual([]);
    expect(read([line({ price: 1.5 })])).toEqual([]);
  });

  it('keeps 50 lines, drops a cart of 51', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => line({ id: `l${i}` }));
    expect(read(many(50))).toHaveLength(50);
    expect(read(many(51))).toEqual([]);
  });

  it('keeps ids and titles up to their length limits, drops one character more', () => {
    const cases: Array<[keyof CartItem, number]> = [
      ['id', 300],
      ['variantId', 300],
      ['productId', 300],
      ['title', 500],
      ['variantTitle', 500],
      ['image', 2000],
    ];
    for (const [field, max] of cases) {
      expect(read([line({ [field]: 'x'.repeat(max) })]), `${field} of ${max}`).toHaveLength(1);
      expect(read([line({ [field]: 'x'.repeat(max + 1) })]), `${field} of ${max + 1}`).toEqual([]);
    }
  });

  it('requires an id and a variant id, allows an empty product id and titles', () => {
    expect(read([line({ id: '' })])).toEqual([]);
    expect(read([line({ variantId: '' })])).toEqual([]);
    expect(read([line({ productId: '', title: '', variantTitle: '' })])).toHaveLength(1);
  });

  it('keeps the optional line id and handle, and an image of null', () => {
    const full = line({ lineId: 'gid://shopify/CartLine/1', handle: 'shirt', image: '/a.webp' });
    expect(read([full])).toEqual([full]);
    expect(read([line({ lineId: null })])).toEqual([line({ lineId: null })]);
    expect(read([line({ image: undefined as unknown as null })])).toEqual([]);
  });

  it('reads an empty string or a stored null as an empty cart', () => {
    expect(decodeCart('')).toEqual([]);
    expect(decodeCart(undefined)).toEqual([]);
    expect(decodeCart('null')).toEqual([]);
    expect(decodeCart('[]')).toEqual([]);
  });
});
