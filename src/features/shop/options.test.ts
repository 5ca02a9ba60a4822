import { describe, expect, it } from 'vitest';
import type { Variant } from '~/lib/storefront/types.ts';
import {
  cartLineFor,
  findVariant,
  isAddable,
  isClothing,
  isColourOption,
  isSizeOption,
  selectorsFor,
} from './options.ts';

const variant = (id: string, options: Record<string, string>, availableForSale = true): Variant => ({
  id,
  title: Object.values(options).join(' / '),
  availableForSale,
  price: { amount: '10.00', currencyCode: 'EUR' },
  selectedOptions: Object.entries(options).map(([name, value]) => ({ name, value })),
  image: null,
});

describe('option detection', () => {
  it('finds size and colour options by name in three languages', () => {
    for (const name of ['Size', 'Maat', 'Größe', 'shoe size']) expect(isSizeOption(name)).toBe(true);
    for (const name of ['Color', 'Colour', 'Kleur', 'Farbe']) expect(isColourOption(name)).toBe(true);
    expect(isSizeOption('Format')).toBe(false);
    expect(isColourOption('Edition')).toBe(false);
  });

  it('recognises clothing by product type or tag words', () => {
    expect(isClothing({ productType: 'Hoodie', tags: [] })).toBe(true);
    expect(isClothing({ productType: 'Top', tags: ['Apparel'] })).toBe(true);
    expect(isClothing({ productType: 'T-shirt', tags: [] })).toBe(true);
    expect(isClothing({ productType: 'Sportswear set', tags: [] })).toBe(true);
    expect(isClothing({ productType: 'Mug', tags: ['merchandise'] })).toBe(false);
  });

  it('chooses option selectors for clothing and a plain list otherwise', () => {
    const options = [
      { name: 'Maat', values: ['S', 'M'] },
      { name: 'Kleur', values: ['Zwart'] },
    ];
    const variants = [
      variant('a', { Maat: 'S', Kleur: 'Zwart' }),
      variant('b', { Maat: 'M', Kleur: 'Zwart' }),
    ];
    const clothing = selectorsFor({ productType: 'Hoodie', tags: [], options, variants });
    expect(clothing.mode).toBe('options');
    expect(clothing.mode === 'options' && clothing.options.map((o) => o.kind)).toEqual(['size', 'colour']);
    expect(selectorsFor({ productType: 'Cushion', tags: [], options, variants }).mode).toBe('list');
    expect(
      selectorsFor({ productType: 'E-book', tags: [], options: [], variants: variants.slice(0, 1) }).mode,
    ).toBe('none');
  });

  it('finds the variant of a choice', () => {
    const variants = [
      variant('a', { Size: 'S', Color: 'Black' }),
      variant('b', { Size: 'M', Color: 'Black' }),
    ];
    expect(findVariant(variants, { Size: 'M', Color: 'Black' })?.id).toBe('b');
    expect(findVariant(variants, { Size: 'L', Color: 'Black' })).toBeUndefined();
  });

  it('refuses sold-out, id-less and synthetic default variants', () => {
    expect(isAddable({ id: 'gid://shopify/ProductVariant/1', availableForSale: true })).toBe(true);
    expect(isAddable({ id: 'gid://shopify/ProductVariant/1', availableForSale: false })).toBe(false);
    expect(isAddable({ id: '', availableForSale: true })).toBe(false);
    expect(isAddable({ id: 'gid://shopify/ProductVariant/default-variant-1', availableForSale: true })).toBe(
      false,
    );
    expect(isAddable(null)).toBe(false);
  });
});

describe('cartLineFor', () => {
  const product = { id: 'p1', handle: 'mok', title: 'Mok' };
  const variant = { id: 'v1', title: 'Wit', price: 1500, available: true, image: null };

  it('maps a chosen variant to the cart line, with the product image where the variant has none', () => {
    expect(cartLineFor(product, variant, 2, '/mok.jpg')).toEqual({
      variantId: 'v1',
      productId: 'p1',
      handle: 'mok',
      title: 'Mok',
      variantTitle: 'Wit',
      price: 1500,
      quantity: 2,
      image: '/mok.jpg',
      available: true,
    });
    expect(cartLineFor(product, { ...variant, image: '/wit.jpg' }, 1, '/mok.jpg').image).toBe('/wit.jpg');
  });
});
