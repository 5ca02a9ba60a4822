import { describe, expect, it } from 'vitest';
import { notFoundView } from './not-found.ts';

describe('notFoundView', () => {
  it('sends unknown collections and products back to the shop', () => {
    expect(notFoundView('/shop/collection/nope')).toMatchObject({
      title: 'collection.notFoundTitle',
      href: '/shop',
    });
    expect(notFoundView('/product/nope')).toMatchObject({ title: 'product.notFoundTitle', href: '/shop' });
    expect(notFoundView('/products/123')).toMatchObject({ title: 'product.notFoundTitle', href: '/shop' });
  });

  it('sends every other unknown address home', () => {
    expect(notFoundView('/nope')).toMatchObject({ title: 'notFound.title', href: '/' });
    expect(notFoundView('/shopping')).toMatchObject({ title: 'notFound.title', href: '/' });
  });
});
