/*
 * THE way to get an Intl formatter: one per language and options, made once and kept. Making one
 * is costly (a few hundred microseconds each on a phone: ICU loads the locale's data), and the
 * pages made one for every number, date and message time they wrote: on /community that was the
 * largest piece of the site's own script time (Number#toLocaleString makes a new NumberFormat on
 * every call, ECMA-402). src/i18n/intl.test.ts keeps other code from making its own.
 */

/** Formatters made so far, by kind, language and options. */
const made: Record<string, object> = {};
const kept = <O, T extends object>(
  Kind: new (locale: string, options?: O) => T,
  locale: string,
  options?: O,
): T =>
  // biome-ignore lint/suspicious/noAssignInExpressions: kept in the form that minifies smallest (every page loads it)
  (made[`${Kind.name} ${locale} ${JSON.stringify(options)}`] ??= new Kind(locale, options)) as T;

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  kept(Intl.NumberFormat, locale, options);

export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  kept(Intl.DateTimeFormat, locale, options);

export const relativeTimeFormat = (
  locale: string,
  options?: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat => kept(Intl.RelativeTimeFormat, locale, options);

export const pluralRules = (locale: string): Intl.PluralRules => kept(Intl.PluralRules, locale);
