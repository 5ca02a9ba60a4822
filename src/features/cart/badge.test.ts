import { describe, expect, it } from 'vitest';
import { countCartItems } from './badge.ts';

describe('cart badge count', () => {
  it('sums the quantities of a well-formed cart', () => {
    const line = { variantId: 'gid://shopify/ProductVariant/1', price: 100 };
    expect(
      countCartItems(
        JSON.stringify([
          { ...line, quantity: 2 },
          { ...line, quantity: 3 },
        ]),
      ),
    ).toBe(5);
  });

  it.each([null, '', '{', '{"a":1}', '[{"quantity":2}]', '[{"variantId":"x","price":1,"quantity":11}]'])(
    'counts %s as 0',
    (raw) => {
      expect(countCartItems(raw)).toBe(0);
    },
  );
});
