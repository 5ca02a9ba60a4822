import { numberFormat } from './intl.ts';
import type { Locale } from './locales.ts';
import { pluralForm } from './plural-form.ts';

/** Values for a text's `{name}` placeholders. */
export type Params = Record<string, string | number>;

/**
 * THE way a number is written for a person: Intl.NumberFormat of the page language (12.345 and
 * 1,5 in nl and de; 12,345 and 1.5 in en). 'min2' (DIN 5008, and the CLDR default of some
 * languages): 12.345 is grouped, a year 2026 not. 'nl', 'en', 'de' format numbers as nl-NL,
 * en-US, de-DE do (no region map in the header script).
 */
export function formatNumber(value: number, lang: Locale): string {
  return numberFormat(lang, { useGrouping: 'min2' }).format(value);
}

/**
 * THE interpolation of the site: fills `{name}` placeholders from `params`. Numbers are written
 * with Intl.NumberFormat of the language (12.345 and 1,5 in nl and de; 12,345 and 1.5 in en). A placeholder without a value stays as it is, so the gap shows in tests.
 */
export function format(text: string, params: Params | undefined, lang: Locale): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return typeof value === 'number' ? formatNumber(value, lang) : (value ?? whole);
  });
}

/**
 * The text for `key` in `texts`, formatted. With a numeric `count` and counted forms in the texts
 * (`key.one`, `key.other`, chosen by Intl.PluralRules for the language), the form for the count.
 * Undefined when the texts hold neither.
 */
export function formatKey(
  texts: Readonly<Partial<Record<string, string>>>,
  key: string,
  params: Params | undefined,
  lang: Locale,
): string | undefined {
  const count = params?.['count'];
  const counted = typeof count === 'number' ? texts[`${key}.${pluralForm(lang, count)}`] : undefined;
  const text = counted ?? texts[key];
  return text === undefined ? undefined : format(text, params, lang);
}
