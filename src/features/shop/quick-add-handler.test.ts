import { describe, expect, it, vi } from 'vitest';
import { handleQuickAdd } from './quick-add-handler.ts';

const url = (query: string) => new URL(`http://site.test/api/shop/product-variants?${query}`);

describe('GET /api/shop/product-variants', () => {
  it('answers the variants of a product in the language, prices in cents, sold-out ones marked', async () => {
    const response = await handleQuickAdd(url('handle=meditatiekussen&lang=en'));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.product).toMatchObject({ handle: 'meditatiekussen', title: 'Meditation Cushion' });
    expect(
      body.variants.map((v: { id: string; price: number; available: boolean }) => [
        v.id,
        v.price,
        v.available,
      ]),
    ).toEqual([
      ['gid://shopify/ProductVariant/50031', 4900, true],
      ['gid://shopify/ProductVariant/50032', 4900, false],
      ['gid://shopify/ProductVariant/50033', 4900, true],
    ]);
  });

  it('404 for an unknown product, 400 for a bad handle or language, 502 when the store fails', async () => {
    expect((await handleQuickAdd(url('handle=gibt-es-nicht'))).status).toBe(404);
    for (const q of ['', 'handle=../etc', 'handle=Mug', 'handle=mug&lang=fr']) {
      const response = await handleQuickAdd(url(q));
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('invalid_handle');
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = await handleQuickAdd(url('handle=mug'), {
      request: async () => {
        throw new Error('down');
      },
    });
    expect(failing.status).toBe(502);
  });
});
