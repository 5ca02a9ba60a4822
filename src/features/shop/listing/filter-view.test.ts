import { describe, expect, it } from 'vitest';
import type { Filter } from '~/lib/storefront/listing.ts';
import { filterViews, productTypeKey } from './filter-view.ts';

const labels = {
  availability: 'Verfügbarkeit',
  inStock: 'Auf Lager',
  outOfStock: 'Ausverkauft',
  price: 'Preis',
  productType: 'Produktart',
  productTypes: { pants: 'Hose', 'online-course': 'Onlinekurs' },
};
const typeFilter = {
  id: 'filter.p.product_type',
  label: 'Product type',
  type: 'LIST',
  values: ['Pants', 'Online course', 'Gizmo'].map((t) => ({
    id: `filter.p.product_type.${t}`,
    label: t,
    count: 1,
    input: JSON.stringify({ productType: t }),
  })),
} as unknown as Filter;

describe('filterViews: product types', () => {
  it("shows the store's product types by our name in the page's language, the store's own name otherwise", () => {
    const [view] = filterViews([typeFilter], labels);
    expect(view).toMatchObject({ kind: 'list', label: 'Produktart' });
    const values = view?.kind === 'list' ? view.values : [];
    expect(values.map((v) => v.label)).toEqual(['Hose', 'Onlinekurs', 'Gizmo']);
    // The filter itself still sends the store's value.
    expect(values.map((v) => v.value)).toEqual(['Pants', 'Online course', 'Gizmo']);
  });

  it('keys product types by a slug of their name', () => {
    expect(productTypeKey(' Online Course ')).toBe('online-course');
    expect(productTypeKey('T-shirt')).toBe('t-shirt');
    expect(productTypeKey('E-book')).toBe('e-book');
  });
});
