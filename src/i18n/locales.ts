/** The site's languages; nl is the default and is served without a prefix. */
export const locales = ['nl', 'en', 'de'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'nl';

/** Intl locale per site language, for dates and numbers. */
export const intlLocale: Record<Locale, string> = { nl: 'nl-NL', en: 'en-US', de: 'de-DE' };

/** Storefront @inContext pair per site language. */
export const storefrontContext: Record<Locale, { language: string; country: string }> = {
  nl: { language: 'NL', country: 'NL' },
  en: { language: 'EN', country: 'US' },
  de: { language: 'DE', country: 'DE' },
};

/** The language of the page this browser script runs on (`<html lang>`, written by the server). */
export function documentLocale(): Locale {
  return asLocale(document.documentElement.lang) ?? defaultLocale;
}

/** Narrows any value to a Locale, or undefined when it is not one of ours. */
export function asLocale(value: unknown): Locale | undefined {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
    ? (value as Locale)
    : undefined;
}

/** The `lang` route parameter (undefined for nl) as a Locale. */
export function localeFromParam(param: string | undefined): Locale {
  return asLocale(param) ?? defaultLocale;
}

/** The `lang` route parameter of a page under src/pages/[...lang]/: none for nl, else the language. */
export function langParam(lang: Locale): Exclude<Locale, 'nl'> | undefined {
  return lang === defaultLocale ? undefined : (lang as Exclude<Locale, 'nl'>);
}

/** getStaticPaths entries for a page under src/pages/[...lang]/. */
export function localeStaticPaths() {
  return locales.map((lang) => ({ params: { lang: langParam(lang) } }));
}

/** Prefixes an unlocalized path ('/shop') for a language: '/shop', '/en/shop', '/de/shop'. */
export function localizePath(path: string, lang: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (lang === defaultLocale) return clean;
  return clean === '/' ? `/${lang}/` : `/${lang}${clean}`;
}

/** Splits a pathname into its language and the unlocalized rest ('/en/shop' -> en, '/shop'). */
export function splitLocale(pathname: string): { lang: Locale; path: string } {
  const match = /^\/(en|de)(?=\/|$)(.*)$/.exec(pathname);
  if (!match) return { lang: defaultLocale, path: pathname || '/' };
  return { lang: match[1] as Locale, path: match[2] || '/' };
}
