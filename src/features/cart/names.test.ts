import { describe, expect, it } from 'vitest';
import type { Product } from '~/lib/storefront/types.ts';
import { catalogNames, localizeLines, parseLineNames } from './names.ts';
import type { CartItem } from './schema.ts';

const line = (over: Partial<CartItem> = {}): CartItem => ({
  id: 'v1-1',
  variantId: 'gid://shopify/ProductVariant/1',
  productId: 'gid://shopify/Product/9',
  title: 'Eenheid Mok',
  variantTitle: 'S / Zwart',
  price: 1600,
  quantity: 1,
  image: null,
  handle: 'eenheid-mok',
  ...over,
});

describe('cart line names', () => {
  const product = {
    title: 'Unity Mug',
    handle: 'eenheid-mok',
    variants: [{ id: 'gid://shopify/ProductVariant/1', title: 'S / Black' }],
  } as unknown as Product;

  it('maps every variant to its product and variant names', () => {
    expect(catalogNames([product])).toEqual({
      'gid://shopify/ProductVariant/1': {
        title: 'Unity Mug',
        variantTitle: 'S / Black',
        handle: 'eenheid-mok',
      },
    });
  });

  it('shows the names of the page language and keeps everything else of the line', () => {
    const [shown] = localizeLines([line()], catalogNames([product]));
    expect(shown).toEqual(line({ title: 'Unity Mug', variantTitle: 'S / Black' }));
  });

  it('keeps the stored names for a variant the catalog no longer has, or without a map', () => {
    const gone = line({ variantId: 'gid://shopify/ProductVariant/404' });
    expect(localizeLines([gone], catalogNames([product]))).toEqual([gone]);
    expect(localizeLines([line()], null)).toEqual([line()]);
  });

  it('rejects a malformed map', () => {
    expect(parseLineNames({ a: { title: 1 } })).toBeNull();
    expect(parseLineNames('x')).toBeNull();
    expect(parseLineNames({ a: { title: 't', variantTitle: 'v', handle: 'h' } })).not.toBeNull();
  });
});
