import { describe, expect, it } from 'vitest';
import { format, formatKey } from './format.ts';

describe('format', () => {
  it('fills every placeholder, also one used twice', () => {
    expect(format('{a} and {b}, {a}', { a: 'x', b: 'y' }, 'en')).toBe('x and y, x');
  });

  it('leaves a placeholder without a value visible, and a text without params alone', () => {
    expect(format('Hi {name}, {count}', { count: 2 }, 'en')).toBe('Hi {name}, 2');
    expect(format('Hi {name}', undefined, 'en')).toBe('Hi {name}');
  });

  it('writes numbers the way the language does', () => {
    expect(format('{n}', { n: 12345.5 }, 'nl')).toBe('12.345,5');
    expect(format('{n}', { n: 12345.5 }, 'de')).toBe('12.345,5');
    expect(format('{n}', { n: 12345.5 }, 'en')).toBe('12,345.5');
  });

  it('does not group a four-digit year, and passes strings through untouched', () => {
    expect(format('© {year}', { year: 2026 }, 'de')).toBe('© 2026');
    expect(format('{code}', { code: '12345' }, 'nl')).toBe('12345');
  });
});

describe('formatKey', () => {
  const texts = { 'x.one': '{count} item', 'x.other': '{count} items', plain: 'Plain {count}' };

  it('picks the counted form by Intl.PluralRules of the language', () => {
    for (const lang of ['nl', 'en', 'de'] as const) {
      expect(formatKey(texts, 'x', { count: 1 }, lang)).toBe('1 item');
      expect(formatKey(texts, 'x', { count: 0 }, lang)).toBe('0 items');
      expect(formatKey(texts, 'x', { count: 2 }, lang)).toBe('2 items');
    }
    // 1.5 is plural in English, Dutch and German alike; 1000 formatted in the language.
    expect(formatKey(texts, 'x', { count: 1.5 }, 'de')).toBe('1,5 items');
    expect(formatKey(texts, 'x', { count: 10000 }, 'nl')).toBe('10.000 items');
  });

  it('uses the plain key when there are no counted forms, and is undefined for an unknown key', () => {
    expect(formatKey(texts, 'plain', { count: 3 }, 'en')).toBe('Plain 3');
    expect(formatKey(texts, 'nope', undefined, 'en')).toBeUndefined();
  });
});
