import { describe, expect, it } from 'vitest';
import { locales } from '~/i18n/locales.ts';
import { predictiveTextKeys } from './field-texts.ts';
import { searchFieldMessages } from './messages.ts';

describe('search field texts (/texts/search.json)', () => {
  for (const lang of locales) {
    it(`has every text the suggestions show, in ${lang}`, () => {
      const texts = searchFieldMessages(lang);
      for (const key of predictiveTextKeys) {
        expect(texts[key], key).toBeTruthy();
        expect(texts[key], key).not.toBe(key);
      }
    });
  }
  it('speaks the language asked for', () => {
    expect(searchFieldMessages('de')['search.group.products']).toBe('Produkte');
    expect(searchFieldMessages('nl')['search.group.products']).not.toBe('Produkte');
  });
});
