import { asLocale, defaultLocale, type Locale } from '~/i18n/locales.ts';

/**
 * The language of an on-demand page from its `[...lang]` parameter, or null where the address is
 * no page (an unknown prefix, or /nl/..., which the default language never has).
 */
export function onDemandLocale(param: string | undefined): Locale | null {
  if (param === undefined) return defaultLocale;
  const lang = asLocale(param);
  return lang && lang !== defaultLocale ? lang : null;
}
