import { describe, expect, it } from 'vitest';
import { checkSources, findUndefinedKeys } from '../../scripts/i18n-check.ts';
import { localizePath, splitLocale } from './locales.ts';
import { formatDate, messagesWithPrefix, t } from './t.ts';

describe('t()', () => {
  it('returns the message in the requested language and fills placeholders', () => {
    expect(t('nl', 'notFound.title')).toBe('Oeps! Pagina niet gevonden');
    expect(t('de', 'footer.rights', { year: 2026 })).toBe('© 2026 Chosen Ones. Alle Rechte vorbehalten.');
  });

  it('falls back to English, then to the key itself', async () => {
    const { nl } = await import('./dictionaries/index.ts');
    const saved = nl['nav.home'];
    // Simulate a gap the type system would normally prevent.
    delete (nl as Partial<typeof nl>)['nav.home'];
    try {
      expect(t('nl', 'nav.home')).toBe('Home');
      expect(t('nl', 'no.such.key' as never)).toBe('no.such.key');
    } finally {
      nl['nav.home'] = saved;
    }
  });

  it('hands a feature only the messages under its prefix', () => {
    const messages = messagesWithPrefix('en', 'contact.error.');
    expect(messages['contact.error.email']).toBe('Please enter a valid e-mail address.');
    expect(Object.keys(messages).every((k) => k.startsWith('contact.error.'))).toBe(true);
  });
});

describe('formatDate()', () => {
  it('formats per language with nl-NL, en-US and de-DE', () => {
    const date = new Date('2026-03-05T12:00:00Z');
    expect(formatDate('nl', date)).toBe('5 maart 2026');
    expect(formatDate('en', date)).toBe('March 5, 2026');
    expect(formatDate('de', date)).toBe('5. März 2026');
  });
});

describe('localized paths', () => {
  it('prefixes en and de but not nl', () => {
    expect(localizePath('/shop', 'nl')).toBe('/shop');
    expect(localizePath('/shop', 'en')).toBe('/en/shop');
    expect(localizePath('/', 'de')).toBe('/de/');
  });

  it('splits a pathname into language and unlocalized path', () => {
    expect(splitLocale('/en/shop/x')).toEqual({ lang: 'en', path: '/shop/x' });
    expect(splitLocale('/de')).toEqual({ lang: 'de', path: '/' });
    expect(splitLocale('/english-tea')).toEqual({ lang: 'nl', path: '/english-tea' });
  });
});

describe('the i18n check', () => {
  it('reports a key missing or empty in one language, an extra key and mismatched placeholders', () => {
    const problems = checkSources({
      demo: {
        en: { 'a.one': 'One', 'a.two': 'Hello {name}' },
        nl: { 'a.one': 'Een', 'a.two': 'Hallo {naam}', 'a.three': 'Drie' },
        de: { 'a.one': ' ' },
      },
    });
    expect(problems).toEqual([
      'demo: "a.two" in nl has placeholders {naam}, en has {name}',
      'demo: "a.three" exists in nl but not in en',
      'demo: "a.one" is missing or empty in de',
      'demo: "a.two" is missing or empty in de',
    ]);
  });

  it('reports a key defined by two modules', () => {
    const same = { en: { 'x.y': 'a' }, nl: { 'x.y': 'a' }, de: { 'x.y': 'a' } };
    expect(checkSources({ one: same, two: same })).toEqual(['"x.y" is defined in both one and two']);
  });

  it('reports keys used in code that no dictionary defines', () => {
    const files = [{ path: 'a.astro', text: "tr('nav.home') t(lang, 'nav.nope') msg(\"x.y\")" }];
    expect(findUndefinedKeys(files, new Set(['nav.home']))).toEqual([
      'a.astro: uses "nav.nope", which no dictionary defines',
      'a.astro: uses "x.y", which no dictionary defines',
    ]);
  });
});
