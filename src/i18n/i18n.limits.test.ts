import { afterEach, describe, expect, it } from 'vitest';
import { de, en, nl } from './dictionaries/index.ts';
import {
  asLocale,
  defaultLocale,
  intlLocale,
  langParam,
  localeFromParam,
  localeStaticPaths,
  locales,
  localizePath,
  splitLocale,
  storefrontContext,
} from './locales.ts';
import { formatDate, messagesWithPrefix, t, translator } from './t.ts';

/*
 * The languages and their fallbacks as SPEC.md states them (section 1: nl, en, de, default nl;
 * "a missing translation falls back to English, then to the key itself"; section 9: dates in
 * nl-NL, en-US, de-DE; section 7: storefront NL/NL, EN/US, DE/DE).
 */

type Dict = Record<string, string | undefined>;
const removed: Array<[Dict, string, string | undefined]> = [];
/** Simulates a gap the type system would normally prevent; restored after each test. */
function remove(dict: object, key: string) {
  const d = dict as Dict;
  removed.push([d, key, d[key]]);
  delete d[key];
}
afterEach(() => {
  for (const [dict, key, value] of removed.splice(0).reverse()) dict[key] = value;
});

describe('languages (SPEC.md sections 1, 7 and 9)', () => {
  it('are nl, en and de, nl by default', () => {
    expect(locales).toEqual(['nl', 'en', 'de']);
    expect(defaultLocale).toBe('nl');
  });

  it('format with nl-NL, en-US and de-DE and buy from NL, US and DE', () => {
    expect(intlLocale).toEqual({ nl: 'nl-NL', en: 'en-US', de: 'de-DE' });
    expect(storefrontContext).toEqual({
      nl: { language: 'NL', country: 'NL' },
      en: { language: 'EN', country: 'US' },
      de: { language: 'DE', country: 'DE' },
    });
  });

  it('narrow only our language codes', () => {
    expect(asLocale('en')).toBe('en');
    expect(asLocale('nl')).toBe('nl');
    expect(asLocale('fr')).toBeUndefined();
    expect(asLocale('EN')).toBeUndefined();
    expect(asLocale(5)).toBeUndefined();
    expect(asLocale(undefined)).toBeUndefined();
  });

  it('read the route parameter: none or unknown is Dutch', () => {
    expect(localeFromParam(undefined)).toBe('nl');
    expect(localeFromParam('de')).toBe('de');
    expect(localeFromParam('xx')).toBe('nl');
    expect(langParam('nl')).toBeUndefined();
    expect(langParam('en')).toBe('en');
    expect(localeStaticPaths()).toEqual([
      { params: { lang: undefined } },
      { params: { lang: 'en' } },
      { params: { lang: 'de' } },
    ]);
  });

  it('prefix paths for en and de, also without a leading slash', () => {
    expect(localizePath('shop', 'en')).toBe('/en/shop');
    expect(localizePath('shop', 'nl')).toBe('/shop');
    expect(localizePath('/', 'nl')).toBe('/');
    expect(localizePath('/', 'en')).toBe('/en/');
    expect(localizePath('/blog/', 'de')).toBe('/de/blog/');
  });

  it('split only a whole en or de segment off a path', () => {
    expect(splitLocale('/en')).toEqual({ lang: 'en', path: '/' });
    expect(splitLocale('/en/')).toEqual({ lang: 'en', path: '/' });
    expect(splitLocale('/de/shop')).toEqual({ lang: 'de', path: '/shop' });
    expect(splitLocale('/deutsch')).toEqual({ lang: 'nl', path: '/deutsch' });
    expect(splitLocale('/nl/shop')).toEqual({ lang: 'nl', path: '/nl/shop' });
    expect(splitLocale('/shop/en')).toEqual({ lang: 'nl', path: '/shop/en' });
    expect(splitLocale('')).toEqual({ lang: 'nl', path: '/' });
  });
});

describe('t(): fallback and placeholders', () => {
  it('falls back to English for a message missing in Dutch or German', () => {
    remove(nl, 'notFound.title');
    remove(de, 'notFound.title');
    expect(t('nl', 'notFound.title')).toBe('Oops! Page not found');
    expect(t('de', 'notFound.title')).toBe('Oops! Page not found');
    expect(t('en', 'notFound.title')).toBe('Oops! Page not found');
  });

  it('answers the key itself when English lacks the message too', () => {
    remove(nl, 'notFound.title');
    remove(en, 'notFound.title');
    expect(t('nl', 'notFound.title')).toBe('notFound.title');
  });

  it('fills every placeholder it has a value for and leaves the others visible', () => {
    expect(t('en', 'footer.rights', { year: 0 })).toBe('© 0 Chosen Ones. All rights reserved.');
    expect(t('en', 'footer.rights', { other: 1 })).toBe('© {year} Chosen Ones. All rights reserved.');
    expect(t('en', 'footer.rights')).toBe('© {year} Chosen Ones. All rights reserved.');
    expect(t('nl', 'nav.cartCount.other', { count: 3 })).toBe('Winkelwagen, 3 artikelen');
  });

  it('binds a language with translator()', () => {
    const tr = translator('de');
    expect(tr('footer.rights', { year: 2027 })).toBe('© 2027 Chosen Ones. Alle Rechte vorbehalten.');
    expect(tr('notFound.title')).toBe(de['notFound.title']);
  });

  it('hands over the messages of a prefix in the requested language, with English for gaps', () => {
    remove(nl, 'app.retry');
    const messages = messagesWithPrefix('nl', 'app.');
    expect(messages['app.loading']).toBe('Laden…');
    expect(messages['app.retry']).toBe('Try Again');
    expect((messages as Record<string, string>)['nav.home']).toBeUndefined();
    expect(Object.keys(messages).length).toBeGreaterThan(2);
    expect(Object.keys(messages).every((k) => k.startsWith('app.'))).toBe(true);
    expect(messagesWithPrefix('en', 'no-such-prefix.')).toEqual({});
  });

  it('formats dates in the long style by default, from a string too', () => {
    expect(formatDate('de', '2026-03-05T12:00:00Z')).toBe('5. März 2026');
    expect(formatDate('en', new Date('2026-03-05T12:00:00Z'), { month: 'short', timeZone: 'UTC' })).toBe(
      'Mar',
    );
  });
});
