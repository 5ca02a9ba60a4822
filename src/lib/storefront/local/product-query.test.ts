import { describe, expect, it } from 'vitest';
import { fixtureCatalog } from './fixtures.ts';
import {
  connection,
  createdAtOf,
  filterProducts,
  MAX_PAGE_SIZE,
  type ProductFilter,
  productFilters,
  sortProducts,
} from './product-query.ts';

const all = fixtureCatalog.products;
const clothing = all.filter((p) => p.tags.includes('clothing'));
const handles = (list: { handle: string }[]) => list.map((p) => p.handle);

describe('filterProducts (ProductFilter)', () => {
  it('keeps every product without filters and ignores filters it has no data for', () => {
    expect(filterProducts(all, null, 'en')).toHaveLength(all.length);
    expect(
      filterProducts(all, [{ productMetafield: { namespace: 'x', key: 'y', value: 'z' } }], 'en'),
    ).toHaveLength(all.length);
  });

  it('filters by availability: a product with any variant for sale is in stock', () => {
    expect(handles(filterProducts(all, [{ available: false }], 'en'))).toEqual(['trinity-jack']);
    expect(
      handles(
        filterProducts(
          clothing,
          [{ available: false }, { variantOption: { name: 'Size', value: 'S' } }],
          'en',
        ),
      ),
    ).toEqual(['lichtwerker-joggingbroek']);
    expect(filterProducts(all, [{ available: true }], 'en')).toHaveLength(all.length - 1);
  });

  it('filters by variant price, bounds included, either bound optional', () => {
    const cheap = handles(filterProducts(all, [{ price: { max: 19 } }], 'en'));
    expect(cheap).toEqual(['the-real-world', 'eenheid-mok', 'chosen-ones-tas']);
    const dear = handles(filterProducts(all, [{ price: { min: 147 } }], 'en'));
    expect(dear).toEqual(['lightbody-mastery']);
    expect(handles(filterProducts(all, [{ price: { min: 30, max: 35 } }], 'en'))).toEqual([
      'eenheid-t-shirt',
      'zeven-zegels-poster',
    ]);
  });

  it('filters by product type, vendor and tag, case-insensitively', () => {
    expect(handles(filterProducts(all, [{ productType: 'hoodie' }], 'en'))).toEqual(['chosen-ones-hoodie']);
    expect(filterProducts(all, [{ productVendor: 'Chosen Ones' }], 'en')).toHaveLength(all.length);
    expect(filterProducts(all, [{ productVendor: 'Someone else' }], 'en')).toHaveLength(0);
    expect(handles(filterProducts(all, [{ tag: 'HOME' }], 'en'))).toEqual(['eenheid-mok', 'meditatiekussen']);
  });

  it('filters by option value in the asked language', () => {
    const black = { variantOption: { name: 'color', value: 'black' } };
    expect(handles(filterProducts(all, [black], 'en'))).toEqual(['chosen-ones-hoodie', 'eenheid-t-shirt']);
    const zwart = { variantOption: { name: 'Kleur', value: 'Zwart' } };
    expect(handles(filterProducts(all, [zwart], 'nl'))).toEqual(['chosen-ones-hoodie', 'eenheid-t-shirt']);
    expect(filterProducts(all, [zwart], 'en')).toHaveLength(0);
  });

  it('ORs values of one filter and ANDs different filters', () => {
    const typeOr: ProductFilter[] = [{ productType: 'Hoodie' }, { productType: 'Mug' }];
    expect(handles(filterProducts(all, typeOr, 'en'))).toEqual(['chosen-ones-hoodie', 'eenheid-mok']);
    expect(handles(filterProducts(all, [...typeOr, { tag: 'home' }], 'en'))).toEqual(['eenheid-mok']);
  });

  it('applies availability, price and options to one and the same variant', () => {
    // The jacket has size M, but M is sold out: "M and in stock" must not list it.
    const sizeM = { variantOption: { name: 'Size', value: 'M' } };
    expect(handles(filterProducts(clothing, [sizeM], 'en'))).toContain('trinity-jack');
    expect(handles(filterProducts(clothing, [sizeM, { available: true }], 'en'))).not.toContain(
      'trinity-jack',
    );
    // The t-shirt sells M only in black: M + white + in stock finds nothing, M + black does.
    const white = { variantOption: { name: 'Color', value: 'White' } };
    const black = { variantOption: { name: 'Color', value: 'Black' } };
    expect(handles(filterProducts(clothing, [sizeM, white, { available: true }], 'en'))).toEqual([]);
    expect(handles(filterProducts(clothing, [sizeM, black, { available: true }], 'en'))).toEqual([
      'chosen-ones-hoodie',
      'eenheid-t-shirt',
    ]);
  });
});

describe('sortProducts (ProductSortKeys, ProductCollectionSortKeys)', () => {
  it('keeps the list order for COLLECTION_DEFAULT, RELEVANCE, BEST_SELLING and none', () => {
    for (const key of ['COLLECTION_DEFAULT', 'RELEVANCE', 'BEST_SELLING', 'MANUAL', null]) {
      expect(handles(sortProducts(clothing, key, false, 'en'))).toEqual(handles(clothing));
    }
    expect(handles(sortProducts(clothing, null, true, 'en'))).toEqual(handles(clothing).reverse());
  });

  it('sorts by lowest variant price, reverse for high to low', () => {
    const prices = (list: typeof all) => list.map((p) => Math.min(...p.variants.map((v) => Number(v.price))));
    const up = prices(sortProducts(all, 'PRICE', false, 'en'));
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(up[0]).toBe(16);
    const down = prices(sortProducts(all, 'PRICE', true, 'en'));
    expect(down).toEqual([...up].reverse());
    expect(down[0]).toBe(147);
  });

  it('sorts by title in the language asked for', () => {
    const titles = (lang: 'nl' | 'de') => sortProducts(all, 'TITLE', false, lang).map((p) => p.title[lang]);
    const nl = titles('nl');
    expect(nl).toEqual([...nl].sort((a, b) => a.localeCompare(b, 'nl')));
    expect(titles('de')[0]).not.toBe(nl[0]);
  });

  it('sorts CREATED and CREATED_AT oldest first; reverse gives the newest first', () => {
    const dates = (key: string, reverse: boolean) => sortProducts(all, key, reverse, 'en').map(createdAtOf);
    const oldestFirst = [...all.map(createdAtOf)].sort();
    expect(new Set(oldestFirst).size).toBeGreaterThan(5);
    expect(dates('CREATED', false)).toEqual(oldestFirst);
    expect(dates('CREATED_AT', false)).toEqual(oldestFirst);
    expect(dates('CREATED_AT', true)).toEqual([...oldestFirst].reverse());
  });
});

describe('productFilters (Filter output)', () => {
  const filters = productFilters(clothing, [], 'en');
  const byId = (id: string) => filters.find((f) => f.id === id);

  it('offers availability, price, type and one list per option, with Shopify input JSON', () => {
    expect(filters.map((f) => f.id)).toEqual([
      'filter.v.availability',
      'filter.v.price',
      'filter.p.product_type',
      'filter.p.vendor',
      'filter.v.option.size',
      'filter.v.option.color',
    ]);
    expect(byId('filter.v.price')).toMatchObject({ type: 'PRICE_RANGE' });
    expect(JSON.parse(byId('filter.v.price')?.values[0]?.input ?? '')).toEqual({
      price: { min: 0, max: 119 },
    });
    const sizes = byId('filter.v.option.size')?.values ?? [];
    expect(sizes.map((v) => v.label)).toEqual(['S', 'M', 'L', 'XL']);
    expect(JSON.parse(sizes[1]?.input ?? '')).toEqual({ variantOption: { name: 'Size', value: 'M' } });
    expect(byId('filter.v.availability')?.values.map((v) => [v.label, v.count])).toEqual([
      ['In stock', 4],
      ['Out of stock', 1],
    ]);
  });

  it('counts each value together with the other filters in force, not its own group', () => {
    const active: ProductFilter[] = [{ variantOption: { name: 'Size', value: 'XL' } }];
    const f = productFilters(clothing, active, 'en');
    const sizes = f.find((x) => x.id === 'filter.v.option.size')?.values ?? [];
    // Own group: counts as if no size were chosen (the jacket has M and L).
    expect(sizes.map((v) => v.count)).toEqual([4, 5, 5, 3]);
    const types = f.find((x) => x.id === 'filter.p.product_type')?.values ?? [];
    expect(types.find((v) => v.label === 'Jacket')?.count).toBe(0);
    expect(types.find((v) => v.label === 'Hoodie')?.count).toBe(1);
    // Every count is what choosing that value would give.
    for (const v of types) {
      expect(filterProducts(clothing, [...active, JSON.parse(v.input)], 'en')).toHaveLength(v.count);
    }
  });

  it('names filters and option values in the asked language', () => {
    const de = productFilters(clothing, [], 'de');
    expect(de.find((x) => x.id === 'filter.v.option.color')?.label).toBe('Farbe');
    expect(de.find((x) => x.id === 'filter.v.availability')?.label).toBe('Verfügbarkeit');
    expect(de.find((x) => x.id === 'filter.v.option.color')?.values.map((v) => v.label)).toContain('Schwarz');
  });
});

describe('connection (first/after, last/before)', () => {
  const list = Array.from({ length: 10 }, (_, i) => i);
  const page = (args: Parameters<typeof connection>[1]) => connection(list, args);

  it('pages forward with first/after and reports both directions', () => {
    const one = page({ first: 4 });
    expect(one.nodes).toEqual([0, 1, 2, 3]);
    expect(one.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const two = page({ first: 4, after: one.pageInfo.endCursor });
    expect(two.nodes).toEqual([4, 5, 6, 7]);
    expect(two.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const three = page({ first: 4, after: two.pageInfo.endCursor });
    expect(three.nodes).toEqual([8, 9]);
    expect(three.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(three.edges.map((e) => e.cursor)).toEqual([three.pageInfo.startCursor, three.pageInfo.endCursor]);
  });

  it('pages backward with last/before from any cursor', () => {
    const end = page({ last: 3 });
    expect(end.nodes).toEqual([7, 8, 9]);
    expect(end.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = page({ last: 3, before: end.pageInfo.startCursor });
    expect(before.nodes).toEqual([4, 5, 6]);
    expect(before.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const start = page({
      last: 10,
      before: page({ first: 2, after: page({ first: 1 }).pageInfo.endCursor }).pageInfo.startCursor,
    });
    expect(start.nodes).toEqual([0]);
    expect(start.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });

  it('combines after and before into a window', () => {
    const cursors = page({ first: 10 }).edges.map((e) => e.cursor);
    expect(page({ first: 10, after: cursors[2], before: cursors[6] }).nodes).toEqual([3, 4, 5]);
    expect(page({ last: 2, after: cursors[2], before: cursors[6] }).nodes).toEqual([4, 5]);
  });

  it('answers an empty page past the end and for first: 0 without cursors', () => {
    const cursors = page({ first: 10 }).edges.map((e) => e.cursor);
    const past = page({ first: 5, after: cursors[9] });
    expect(past.nodes).toEqual([]);
    expect(past.pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: true,
      startCursor: null,
      endCursor: null,
    });
    expect(page({ first: 0 }).pageInfo).toMatchObject({ hasNextPage: true, startCursor: null });
  });

  it('refuses what Shopify refuses: neither or both of first/last, over 250, negative, bad cursors', () => {
    expect(() => page({})).toThrow(/first or last/);
    expect(() => page({ first: 1, last: 1 })).toThrow(/both/);
    expect(() => page({ first: MAX_PAGE_SIZE + 1 })).toThrow(/at most 250/);
    expect(() => page({ last: -1 })).toThrow(/at least 0/);
    expect(page({ first: MAX_PAGE_SIZE }).nodes).toHaveLength(10);
    expect(() => page({ first: 1, after: 'not a cursor!' })).toThrow(/Invalid cursor/);
    expect(() => page({ first: 1, after: Buffer.from('-4').toString('base64url') })).toThrow(
      /Invalid cursor/,
    );
  });
});
