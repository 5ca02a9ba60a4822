import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './format.ts';
import { dateTimeFormat, numberFormat, pluralRules, relativeTimeFormat } from './intl.ts';

describe('one Intl formatter per language and options', () => {
  it('hands out the same formatter for the same language and options, another for others', () => {
    expect(numberFormat('nl', { useGrouping: 'min2' })).toBe(numberFormat('nl', { useGrouping: 'min2' }));
    expect(numberFormat('de', { useGrouping: 'min2' })).not.toBe(numberFormat('nl', { useGrouping: 'min2' }));
    expect(numberFormat('nl')).not.toBe(numberFormat('nl', { useGrouping: 'min2' }));
    const short = dateTimeFormat('en-US', { dateStyle: 'short' });
    expect(dateTimeFormat('en-US', { dateStyle: 'short' })).toBe(short);
    expect(dateTimeFormat('en-US', { dateStyle: 'long' })).not.toBe(short);
    expect(relativeTimeFormat('de', { numeric: 'auto' })).toBe(relativeTimeFormat('de', { numeric: 'auto' }));
    expect(pluralRules('en')).toBe(pluralRules('en'));
  });

  it('formats as a fresh formatter of those options would', () => {
    expect(formatNumber(12345.5, 'nl')).toBe('12.345,5');
    expect(formatNumber(2026, 'de')).toBe('2026');
    expect(formatNumber(12345, 'en')).toBe('12,345');
    const day = new Date(Date.UTC(2026, 10, 25, 12));
    expect(dateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(day)).toBe(
      '25. November 2026',
    );
    expect(relativeTimeFormat('nl', { numeric: 'auto' }).format(-1, 'day')).toBe('gisteren');
  });
});

/** Every source file of the site (tests aside). */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(?:ts|tsx|astro)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('the one way to make an Intl formatter', () => {
  // Making a formatter per number or date was the largest piece of the signed-in pages' own script
  // time (issue 26); src/i18n/intl.ts keeps one per language and options.
  const MADE_HERE =
    /new Intl\.(?:DateTimeFormat|NumberFormat|RelativeTimeFormat|PluralRules)\(|\.toLocale(?:Date|Time)?String\(/;

  // early.ts: the signed-in pages' inline head script, which runs before any module, makes one
  // throwaway formatter while the browser is idle so ICU has the language's data when React needs it.
  const ALLOWED = [join('i18n', 'intl.ts'), join('lib', 'supabase', 'early.ts')];

  it('src/ makes no Intl formatter of its own outside src/i18n/intl.ts', () => {
    const offenders = sources('src')
      .filter((file) => !ALLOWED.some((allowed) => file.endsWith(allowed)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (MADE_HERE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });

  it('the check sees a formatter made in place', () => {
    expect(MADE_HERE.test("const f = new Intl.DateTimeFormat(lang, { dateStyle: 'long' });")).toBe(true);
    expect(MADE_HERE.test("value.toLocaleString(lang, { useGrouping: 'min2' })")).toBe(true);
    expect(MADE_HERE.test('dateTimeFormat(lang).format(d)')).toBe(false);
  });
});
