import { describe, expect, it } from 'vitest';
import {
  filterParams,
  isDefaultState,
  MAX_URL_FILTERS,
  paramsFromState,
  stateFromParams,
} from './url-state.ts';

const SORTS = ['featured', 'price-asc', 'price-desc', 'newest', 'title'];
const read = (query: string) => stateFromParams(new URLSearchParams(query), SORTS);

describe('listing URL state', () => {
  it('reads Shopify-style filter parameters into ProductFilters', () => {
    const state = read(
      'sort=price-asc&filter.v.availability=1&filter.v.option.size=M&filter.v.option.size=L&filter.p.product_type=Hoodie&filter.v.price.gte=10&filter.v.price.lte=50.5',
    );
    expect(state.sort).toBe('price-asc');
    expect(state.filters).toEqual([
      { available: true },
      { variantOption: { name: 'size', value: 'M' } },
      { variantOption: { name: 'size', value: 'L' } },
      { productType: 'Hoodie' },
      { price: { min: 10, max: 50.5 } },
    ]);
  });

  it('round-trips: the URL of a state gives the same state back', () => {
    const state = read(
      'filter.v.option.maat=XL&filter.v.availability=0&filter.p.tag=home&sort=newest&after=MTE',
    );
    const again = read(paramsFromState(state, 'featured').toString());
    expect(again).toEqual(state);
    expect(paramsFromState(state, 'featured').toString()).toBe(
      'sort=newest&filter.v.option.maat=XL&filter.v.availability=0&filter.p.tag=home&after=MTE',
    );
  });

  it('makes the parameters of a filter value from its Shopify input JSON', () => {
    expect(filterParams(JSON.parse('{"variantOption":{"name":"Kleur","value":"Zwart"}}'))).toEqual([
      ['filter.v.option.kleur', 'Zwart'],
    ]);
    expect(filterParams({ price: { min: 0, max: 119 } })).toEqual([
      ['filter.v.price.gte', '0'],
      ['filter.v.price.lte', '119'],
    ]);
    expect(filterParams({ productMetafield: { key: 'x' } })).toEqual([]);
  });

  it('drops what it cannot use instead of failing: unknown sort, bad prices, junk, duplicates', () => {
    const state = read(
      'sort=cheapest&filter.v.price.gte=abc&filter.v.price.lte=-3&filter.v.availability=yes&utm_source=x&filter.v.option.=M&filter.p.tag=a&filter.p.tag=a',
    );
    expect(state).toEqual({ sort: 'featured', filters: [{ tag: 'a' }], after: null, before: null });
    expect(read(`filter.p.tag=${'x'.repeat(101)}`).filters).toEqual([]);
    expect(read(`after=${'x'.repeat(501)}`).after).toBeNull();
  });

  it('reads at most MAX_URL_FILTERS filters', () => {
    const many = Array.from({ length: 50 }, (_, i) => `filter.p.tag=t${i}`).join('&');
    expect(read(many).filters).toHaveLength(MAX_URL_FILTERS);
  });

  it('keeps one direction of paging and knows the plain first view', () => {
    expect(read('after=a&before=b')).toMatchObject({ after: 'a', before: null });
    expect(read('before=b')).toMatchObject({ after: null, before: 'b' });
    expect(isDefaultState(read(''), 'featured')).toBe(true);
    expect(isDefaultState(read('sort=featured'), 'featured')).toBe(true);
    expect(isDefaultState(read('sort=title'), 'featured')).toBe(false);
  });
});
