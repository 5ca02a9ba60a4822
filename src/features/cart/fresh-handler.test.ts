import { describe, expect, it, vi } from 'vitest';
import { handleFresh } from './fresh-handler.ts';

const url = (query: string) => new URL(`http://site.test/api/shop/fresh?${query}`);

describe('GET /api/shop/fresh', () => {
  it('answers price in cents and availability per variant from one nodes(ids:) request', async () => {
    const response = await handleFresh(url('ids=40008,40010,1&lang=de'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/public/);
    expect(await response.json()).toEqual({
      variants: {
        'gid://shopify/ProductVariant/40008': { available: true, price: 6900 },
        'gid://shopify/ProductVariant/40010': { available: false, price: 6900 },
        'gid://shopify/ProductVariant/1': null,
      },
    });
  });

  it('asks the store once, with each id once', async () => {
    const request = vi.fn(async () => ({ nodes: [] }));
    await handleFresh(url('ids=5,5,6'), { request });
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(
      ['gid://shopify/ProductVariant/5', 'gid://shopify/ProductVariant/6'],
      'nl',
    );
  });

  it.each([
    ['no ids', ''],
    ['a non-numeric id', 'ids=abc'],
    ['a gid instead of a number', 'ids=gid://shopify/ProductVariant/1'],
    ['more than 50 ids', `ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`],
    ['an unknown language', 'ids=1&lang=fr'],
  ])('refuses %s with a 400', async (_name, query) => {
    const response = await handleFresh(url(query));
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('invalid_ids');
  });

  it('answers 502 when the store fails, never a 500', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await handleFresh(url('ids=1'), {
      request: async () => {
        throw new Error('down');
      },
    });
    expect(response.status).toBe(502);
    expect((await response.json()).error.code).toBe('store_unavailable');
  });
});
