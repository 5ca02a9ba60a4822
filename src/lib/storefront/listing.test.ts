import { describe, expect, it } from 'vitest';
import { getListingPage, getStaticListing } from './listing.ts';
import { localRequest } from './local/index.ts';

describe('listing pages through the local store (LISTING_QUERY)', () => {
  it('filters a collection by size and sorts it by price, high to low', async () => {
    const page = await getListingPage(
      {
        handle: 'alle-kleding',
        sort: 'price-desc',
        filters: [{ variantOption: { name: 'Maat', value: 'XL' } }, { available: true }],
      },
      'nl',
    );
    expect(page?.products.map((p) => p.handle)).toEqual([
      'chosen-ones-hoodie',
      'lichtwerker-joggingbroek',
      'eenheid-t-shirt',
    ]);
    const size = page?.filters.find((f) => f.id === 'filter.v.option.size');
    expect(size?.label).toBe('Maat');
    expect(JSON.parse(size?.values[0]?.input ?? '')).toEqual({ variantOption: { name: 'Maat', value: 'S' } });
  });

  it('answers the whole shop as the `all` collection and null for an unknown one', async () => {
    const all = await getListingPage({ handle: 'all', pageSize: 5 }, 'en');
    expect(all?.products).toHaveLength(5);
    expect(all?.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const back = await getListingPage({ handle: 'all', pageSize: 5, before: all?.pageInfo.endCursor }, 'en');
    expect(back?.products.map((p) => p.handle)).toEqual(all?.products.slice(0, 4).map((p) => p.handle));
    expect(await getListingPage({ handle: 'no-such-collection' }, 'en')).toBeNull();
  });

  it('pre-renders every product once across the static pages', async () => {
    const listing = await getStaticListing('all', 'de');
    const handles = listing?.pages.flat().map((p) => p.handle) ?? [];
    expect(new Set(handles).size).toBe(handles.length);
    expect(handles.length).toBe(16);
  });

  it('answers root products with sortKey, reverse and last/before as other storefronts ask', async () => {
    const query = /* GraphQL */ `
      query P($last: Int, $before: String, $first: Int, $sortKey: ProductSortKeys, $reverse: Boolean) {
        products(last: $last, before: $before, first: $first, sortKey: $sortKey, reverse: $reverse) {
          pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
          edges { cursor node { handle priceRange { minVariantPrice { amount } } } }
        }
      }`;
    type Answer = {
      products: {
        pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string };
        edges: {
          cursor: string;
          node: { handle: string; priceRange: { minVariantPrice: { amount: string } } };
        }[];
      };
    };
    const cheapest = await localRequest<Answer>(query, { last: 2, sortKey: 'PRICE', reverse: true });
    expect(cheapest.products.edges.map((e) => e.node.priceRange.minVariantPrice.amount)).toEqual(
      ['19.0', '16.0'].map((a) => `${a}0`),
    );
    expect(cheapest.products.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = await localRequest<Answer>(query, {
      last: 1,
      before: cheapest.products.pageInfo.startCursor,
      sortKey: 'PRICE',
      reverse: true,
    });
    expect(before.products.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    await expect(localRequest(query, { first: 251 })).rejects.toThrow(/at most 250/);
    await expect(localRequest(query, {})).rejects.toThrow(/first or last/);
  });
});
