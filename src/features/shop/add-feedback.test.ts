import { describe, expect, it } from 'vitest';
import { shopMessages } from '~/i18n/messages/shop.ts';
import { addFeedback } from './add-feedback.ts';

const m = (lang: 'nl' | 'en' | 'de') => {
  const s = shopMessages[lang];
  return {
    added: s['product.added'],
    addedTitle: s['product.addedTitle'],
    addedText: s['product.addedText'],
    addedPart: s['product.addedPart'],
    addedPartTitle: s['product.addedPartTitle'],
    addedPartText: s['product.addedPartText'],
    notAdded: s['product.notAdded'],
    notAddedTitle: s['product.notAddedTitle'],
    notAddedText: s['product.notAddedText'],
  };
};

describe('addFeedback', () => {
  it('confirms a full add with quantity, product and variant', () => {
    const f = addFeedback(m('en'), 2, 2, 'Chosen Ones Hoodie', 'M / Black', 'en');
    expect(f).toMatchObject({ kind: 'all', title: 'Added to cart', button: 'Added!' });
    expect(f.text).toBe('2 × Chosen Ones Hoodie (M / Black)');
  });
  it('says how many went in when the limit cut the add short', () => {
    const f = addFeedback(m('nl'), 5, 3, 'Eenheid Mok', '', 'nl');
    expect(f.kind).toBe('part');
    expect(f.title).not.toBe(shopMessages.nl['product.addedTitle']);
    expect(f.button).toContain('3');
    expect(f.text).toContain('3');
    expect(f.text).toContain('Eenheid Mok');
  });
  it('says nothing was added when the cart already holds the most', () => {
    for (const lang of ['nl', 'en', 'de'] as const) {
      const f = addFeedback(m(lang), 1, 0, 'Mug', '', lang);
      expect(f.kind).toBe('none');
      expect(f.title).toBe(shopMessages[lang]['product.notAddedTitle']);
      expect(f.button).toBe(shopMessages[lang]['product.notAdded']);
      expect(f.button).not.toBe(shopMessages[lang]['product.added']);
    }
  });
});
