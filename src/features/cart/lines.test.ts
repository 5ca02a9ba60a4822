import { describe, expect, it } from 'vitest';
import { addLine, itemCount, type NewLine, removeLine, setLineQuantity, subtotalCents } from './lines.ts';
import { type CartItem, decodeCart } from './schema.ts';

const hoodie: NewLine = {
  variantId: 'gid://shopify/ProductVariant/40008',
  productId: 'gid://shopify/Product/20001',
  handle: 'chosen-ones-hoodie',
  title: 'Chosen Ones Hoodie',
  variantTitle: 'S / Zwart',
  price: 6900,
  quantity: 1,
  image: '/catalog/chosen-ones-hoodie-black-front.webp',
  available: true,
};
const mug: NewLine = {
  ...hoodie,
  variantId: 'gid://shopify/ProductVariant/50001',
  title: 'Eenheid Mok',
  price: 1600,
};

function add(items: CartItem[], line: NewLine, now = 1000): CartItem[] {
  const result = addLine(items, line, now);
  if (!result.ok) throw new Error(result.reason);
  return result.items;
}

describe('cart lines', () => {
  it('adds a new line with id variantId-timestamp and the SPEC item shape', () => {
    const [line] = add([], { ...hoodie, quantity: 2 }, 1234);
    expect(line).toEqual({
      id: 'gid://shopify/ProductVariant/40008-1234',
      variantId: hoodie.variantId,
      productId: hoodie.productId,
      handle: hoodie.handle,
      title: hoodie.title,
      variantTitle: hoodie.variantTitle,
      price: 6900,
      quantity: 2,
      image: hoodie.image,
    });
  });

  it('increases the quantity of an existing variant, up to 10', () => {
    let items = add([], { ...hoodie, quantity: 4 });
    items = add(items, { ...hoodie, quantity: 3 }, 2000);
    expect(items).toHaveLength(1);
    expect(items[0]?.quantity).toBe(7);
    const capped = addLine(items, { ...hoodie, quantity: 5 });
    expect(capped.ok && capped.items[0]?.quantity).toBe(10);
    expect(capped.ok && capped.capped).toBe(true);
    expect(capped.ok && capped.added).toBe(3);
    const none = addLine(capped.ok ? capped.items : [], { ...hoodie, quantity: 1 });
    expect(none.ok && none.added).toBe(0);
    expect(none.ok && none.capped).toBe(true);
  });

  it('refuses variants not for sale, without id or synthetic', () => {
    expect(addLine([], { ...hoodie, available: false })).toEqual({ ok: false, reason: 'unavailable' });
    expect(addLine([], { ...hoodie, variantId: '' })).toEqual({ ok: false, reason: 'invalid' });
    expect(addLine([], { ...hoodie, variantId: 'gid://shopify/ProductVariant/default-variant' })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(addLine([], { ...hoodie, quantity: 0 })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('sets quantities: 0 or less removes, more than 10 becomes 10', () => {
    const items = add(add([], hoodie), mug);
    const id = items[0]?.id ?? '';
    expect(setLineQuantity(items, id, 3)[0]?.quantity).toBe(3);
    expect(setLineQuantity(items, id, 42)[0]?.quantity).toBe(10);
    expect(setLineQuantity(items, id, 0)).toHaveLength(1);
    expect(setLineQuantity(items, id, -1).map((i) => i.title)).toEqual(['Eenheid Mok']);
    expect(removeLine(items, id)).toHaveLength(1);
  });

  it('counts items and sums the subtotal in cents', () => {
    const items = add(add([], { ...hoodie, quantity: 2 }), { ...mug, quantity: 3 });
    expect(itemCount(items)).toBe(5);
    expect(subtotalCents(items)).toBe(2 * 6900 + 3 * 1600);
  });
});

describe('stored cart', () => {
  it('reads a valid stored cart', () => {
    const items = add([], hoodie);
    expect(decodeCart(JSON.stringify(items))).toEqual(items);
  });

  it.each([
    ['nothing', null],
    ['broken JSON', '{not json'],
    ['an object', '{"items":[]}'],
    ['a foreign shape', '[{"sku":"x","qty":1}]'],
    ['a quantity of 11', JSON.stringify([{ ...add([], hoodie)[0], quantity: 11 }])],
    ['a price in euros', JSON.stringify([{ ...add([], hoodie)[0], price: 69.5 }])],
    [
      'too many lines',
      JSON.stringify(Array.from({ length: 51 }, (_, i) => ({ ...add([], hoodie)[0], id: `x${i}` }))),
    ],
  ])('treats %s as an empty cart', (_name, raw) => {
    expect(decodeCart(raw)).toEqual([]);
  });
});
