import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney, toCents } from './money.ts';
import { cartPermalink, numericId } from './permalink.ts';

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('money', () => {
  it('formats cents per language', () => {
    expect(plain(formatCents(2995, 'nl'))).toBe('€ 29,95');
    expect(plain(formatCents(2995, 'en'))).toBe('€29.95');
    expect(plain(formatCents(2995, 'de'))).toBe('29,95 €');
    expect(plain(formatCents(123456, 'de'))).toBe('1.234,56 €');
  });

  it('formats storefront money in its own currency', () => {
    expect(plain(formatMoney({ amount: '69.0', currencyCode: 'EUR' }, 'nl'))).toBe('€ 69,00');
    expect(plain(formatMoney({ amount: '10.5', currencyCode: 'USD' }, 'en'))).toBe('$10.50');
  });

  it('converts decimal strings to whole cents without float drift', () => {
    expect(toCents({ amount: '29.95' })).toBe(2995);
    expect(toCents({ amount: '0.29' })).toBe(29);
    expect(toCents({ amount: '1.005' })).toBe(101);
  });
});

describe('cart permalink', () => {
  it('builds https://{store}/cart/{id}:{qty},...', () => {
    expect(
      cartPermalink('shop.myshopify.com', [
        { variantId: 'gid://shopify/ProductVariant/123', quantity: 2 },
        { variantId: 'gid://shopify/ProductVariant/456', quantity: 1 },
      ]),
    ).toBe('https://shop.myshopify.com/cart/123:2,456:1');
    expect(
      cartPermalink('https://shop.example/', [{ variantId: 'gid://shopify/ProductVariant/7', quantity: 10 }]),
    ).toBe('https://shop.example/cart/7:10');
  });

  it('rejects ids without a number', () => {
    expect(numericId('gid://shopify/ProductVariant/42')).toBe('42');
    expect(() => numericId('gid://shopify/ProductVariant/default-variant')).toThrow();
  });
});
