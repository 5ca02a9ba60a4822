import { describe, expect, it } from 'vitest';
import { reshapeCollection, reshapeProduct } from './reshape.ts';
import type { RawCollection, RawProduct } from './types.ts';

const hostile =
  '<p onclick="steal()">Soft <b>cotton</b></p><script>alert(1)</script><a href="javascript:x()">x</a>';

describe('reshaping merchant content', () => {
  it('sanitizes a product description before anything renders it as HTML', () => {
    const raw = {
      id: 'gid://shopify/Product/1',
      handle: 'hoodie',
      title: 'Hoodie',
      descriptionHtml: hostile,
      priceRange: {
        minVariantPrice: { amount: '10.0', currencyCode: 'EUR' },
        maxVariantPrice: { amount: '10.0', currencyCode: 'EUR' },
      },
      options: [],
      images: { nodes: [] },
      variants: { nodes: [] },
    } as unknown as RawProduct;
    const html = reshapeProduct(raw, 'nl').descriptionHtml;
    expect(html).toContain('<b>cotton</b>');
    expect(html).not.toMatch(/script|onclick|javascript:/);
  });

  it('sanitizes a collection description', () => {
    const raw = { id: 'c', handle: 'c', title: 'C', descriptionHtml: hostile, products: { nodes: [] } };
    const html = reshapeCollection(raw as unknown as RawCollection, 'nl').descriptionHtml;
    expect(html).not.toMatch(/script|onclick|javascript:/);
  });
});
