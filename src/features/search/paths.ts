import { type Locale, localizePath } from '~/i18n/locales.ts';

/** The results page for a query in a language: /search?q=..., /en/search?q=..., /de/search?q=... */
export function searchPath(lang: Locale, q?: string): string {
  const path = localizePath('/search', lang);
  return q ? `${path}?${new URLSearchParams({ q })}` : path;
}
