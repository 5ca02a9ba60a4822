import { beforeAll, describe, expect, it } from 'vitest';
import { handleListing, type ListingAnswer, totalFromFilters } from './endpoint.ts';

const get = async (query: string) => {
  const response = await handleListing(new URL(`http://site/api/shop/products?${query}`));
  return {
    status: response.status,
    body: await response.json(),
    cache: response.headers.get('cache-control'),
  };
};

describe('GET /api/shop/products', () => {
  // The first request builds Shopify's schema for the local store: slow on a busy machine.
  beforeAll(() => get('lang=en&collection=all'), 60_000);

  it('answers a filtered, sorted page with cards, filters, cursors and the total', async () => {
    const { status, body, cache } = await get(
      'lang=de&collection=alle-kleding&sort=price-asc&filter.v.option.size=xl',
    );
    expect(status).toBe(200);
    expect(cache).toMatch(/^public/);
    const answer = body as ListingAnswer;
    expect(answer.products.map((p) => p.url)).toEqual([
      '/de/product/eenheid-t-shirt',
      '/de/product/lichtwerker-joggingbroek',
      '/de/product/chosen-ones-hoodie',
    ]);
    expect(answer.products[0]?.price).toMatch(/^35,00\s€$/);
    expect(answer.total).toBe(3);
    expect(answer.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
  });

  it('reads option filters by handles, the same products in every language', async () => {
    const urls = async (lang: string) => {
      const { status, body } = await get(
        `lang=${lang}&collection=alle-kleding&filter.v.option.color=black&filter.v.option.size=m`,
      );
      expect(status).toBe(200);
      expect((body as ListingAnswer).query).toBe('filter.v.option.color=black&filter.v.option.size=m');
      return (body as ListingAnswer).products.map((p) => p.url.replace(/^\/(en|de)\//, '/'));
    };
    const nl = await urls('nl');
    expect(nl.length).toBeGreaterThan(0);
    expect(await urls('en')).toEqual(nl);
    expect(await urls('de')).toEqual(nl);
  });

  it('redirects (308) an old link with option names in some language to the handles', async () => {
    for (const [lang, old] of [
      ['de', 'filter.v.option.color=Black'],
      ['en', 'filter.v.option.kleur=Zwart'],
      ['de', 'filter.v.option.größe=XL'],
    ]) {
      const response = await handleListing(
        new URL(`http://site/api/shop/products?lang=${lang}&collection=all&sort=title&${old}`),
      );
      expect(response.status, old).toBe(308);
      const location = new URL(response.headers.get('location') ?? '', 'http://site');
      expect(location.pathname).toBe('/api/shop/products');
      expect(location.searchParams.get('lang')).toBe(lang);
      expect(location.searchParams.get('sort')).toBe('title');
      expect([...location.searchParams.keys()].filter((k) => k.startsWith('filter.'))).toHaveLength(1);
      expect(location.search).toMatch(/filter\.v\.option\.(color=black|size=xl)/);
    }
  });

  it('pages on with the cursor it gave', async () => {
    const first = (await get('lang=en&collection=all')).body as ListingAnswer;
    expect(first.products).toHaveLength(16);
    const cursor = first.pageInfo.endCursor ?? '';
    const after = (await get(`lang=en&collection=all&after=${cursor}`)).body as ListingAnswer;
    expect(after.products).toEqual([]);
    expect(after.pageInfo.hasPreviousPage).toBe(true);
  });

  it('refuses bad input with a JSON 4xx', async () => {
    expect((await get('collection=all')).status).toBe(400);
    expect((await get('lang=en&collection=../x')).body.error.code).toBe('invalid_query');
    expect((await get('lang=en&collection=all&sort=cheapest')).status).toBe(400);
    expect((await get('lang=en&collection=none')).status).toBe(404);
    const cursor = await get('lang=en&collection=all&after=%%%');
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.code).toBe('invalid_cursor');
  });
});

describe('totalFromFilters', () => {
  const filters = [
    {
      id: 'filter.v.availability',
      label: 'Availability',
      type: 'LIST' as const,
      values: [
        { id: 'a1', label: 'In stock', count: 7, input: '{"available":true}' },
        { id: 'a0', label: 'Out of stock', count: 2, input: '{"available":false}' },
      ],
    },
  ];
  it('adds the chosen availability values, or both when none is chosen', () => {
    expect(totalFromFilters(filters, new URLSearchParams())).toBe(9);
    expect(totalFromFilters(filters, new URLSearchParams('filter.v.availability=1'))).toBe(7);
    expect(totalFromFilters([], new URLSearchParams())).toBeNull();
  });
});
