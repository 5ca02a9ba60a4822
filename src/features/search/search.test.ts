import { describe, expect, it } from 'vitest';
import { handlePredictiveSearch } from './endpoint.ts';
import { parseSearchParams, resultsHref, runSearch } from './results.server.ts';

const call = (query: string, search?: Parameters<typeof handlePredictiveSearch>[1]) =>
  handlePredictiveSearch(new URL(`http://x/api/shop/predictive-search?${query}`), search);

describe('GET /api/shop/predictive-search', () => {
  it('answers products with link, image and price in the language asked, through the local store', async () => {
    const res = await call('q=hood&lang=de');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    const body = await res.json();
    expect(body.products[0]).toMatchObject({
      title: 'Chosen Ones Hoodie',
      url: '/de/product/chosen-ones-hoodie',
      price: expect.stringMatching(/^69,00\s€$/),
      soldOut: false,
      image: { url: expect.stringMatching(/\.webp$/) },
    });
    expect(body.queries[0]).toEqual({ text: 'hoodie', url: '/de/search?q=hoodie' });
  });

  it('shows a product translated by metafields in the language asked, not the original', async () => {
    // The store answers this product's original (Dutch) title: its German text lives in the
    // translation metafields, which the endpoint prefers.
    const body = await (await call('q=lichtkorper&lang=de')).json();
    expect(body.products.map((p: { title: string }) => p.title)).toEqual(['Lichtkörper-Meisterschaft']);
    const en = await (await call('q=light%20body&lang=en')).json();
    expect(en.products.map((p: { title: string }) => p.title)).not.toContain('Lichtlichaam Meesterschap');
  });

  it('refuses a missing, blank or too long query and an unknown language with a clear 400', async () => {
    for (const q of [
      'lang=nl',
      'q=%20%20&lang=nl',
      `q=${'a'.repeat(101)}&lang=nl`,
      'q=hood&lang=fr',
      'q=hood',
    ]) {
      const res = await call(q);
      expect(res.status, q).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_query');
    }
  });

  it('answers 503 with a code, not a 500, when the store fails', async () => {
    const res = await call('q=hood&lang=nl', () => Promise.reject(new Error('down')));
    expect(res.status).toBe(503);
    expect((await res.json()).error.code).toBe('search_unavailable');
  });
});

describe('results page parameters', () => {
  it('falls back to defaults for anything malformed', () => {
    const p = parseSearchParams(
      new URLSearchParams({ q: `  ${'x'.repeat(150)} `, sort: 'cheap', after: '<bad>' }),
    );
    expect(p).toEqual({ q: 'x'.repeat(100), sort: 'relevance', filters: [], after: null, before: null });
    const both = parseSearchParams(
      new URLSearchParams({ q: 'a', sort: 'price-desc', after: 'MQ', before: 'MA' }),
    );
    expect(both).toMatchObject({ sort: 'price-desc', after: 'MQ', before: null });
  });

  it('builds result addresses per language, leaving defaults out', () => {
    expect(resultsHref('nl', { q: 'Crème tas' })).toBe('/search?q=Cr%C3%A8me+tas');
    expect(resultsHref('en', { q: 'a', sort: 'price-asc', after: 'MQ' })).toBe(
      '/en/search?q=a&sort=price-asc&after=MQ',
    );
  });

  it('runs a page of results with articles linked to the site', async () => {
    const r = await runSearch(
      { q: 'unity', sort: 'price-asc', filters: [], after: null, before: null },
      'en',
    );
    expect(r.total).toBe(r.products.length);
    const prices = r.products.map((p) => Number(p.priceRange.min.amount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(r.articles[0]?.url).toMatch(/^\/en\/blog\//);
  });
});
