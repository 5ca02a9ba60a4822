import { describe, expect, it } from 'vitest';
import { pluralForm, tn } from './plural.ts';

describe('tn', () => {
  it('says one article in the singular in every language', () => {
    expect(tn('nl', 'blog.articleCount', 1)).toBe('1 artikel');
    expect(tn('en', 'blog.articleCount', 1)).toBe('1 article');
    expect(tn('de', 'blog.articleCount', 1)).toBe('1 Artikel');
  });
  it('uses the plural for zero and for more than one', () => {
    expect(tn('nl', 'blog.articleCount', 0)).toBe('0 artikelen');
    expect(tn('en', 'shop.productCount', 2)).toBe('2 products');
    expect(tn('de', 'shop.productCount', 12)).toBe('12 Produkte');
  });
  it('fills the other parameters as well', () => {
    expect(tn('en', 'nav.cartCount', 1)).toBe('Cart, 1 item');
    expect(tn('de', 'collection.meta.description', 1, { title: 'Tassen' })).toBe(
      'Tassen: 1 Produkt im Shop von Chosen Ones.',
    );
  });
});

describe('pluralForm', () => {
  it('follows Intl.PluralRules (1.5 is plural in English)', () => {
    expect(pluralForm('en-US', 1)).toBe('one');
    expect(pluralForm('en-US', 1.5)).toBe('other');
    expect(pluralForm('nl-NL', 0)).toBe('other');
  });
});
