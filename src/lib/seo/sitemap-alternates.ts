/*
 * The hreflang alternates of the sitemap's entries, as @astrojs/sitemap's `i18n` option gives
 * them, in one pass. The integration pairs the pages by comparing every page with every other
 * (12,600 x 4,200 paths at 2,000 products: seconds of the build); this groups them by path once.
 * Same answer: for each address, every listed address with the same path after the language
 * prefix, in the sitemap's order (the integration sorts with localeCompare('en', numeric)), or
 * none when the page exists in one language only.
 */
import { type Locale, locales } from '../../i18n/locales.ts';

export type Alternate = { url: string; lang: string };

const DEFAULT_LOCALE: Locale = 'nl';
const LOCALES: ReadonlySet<string> = new Set(locales);

/** The language and the path after its prefix, as the integration's parseI18nUrl reads an address. */
function i18nPath(url: string, base: string): { locale: string; path: string } | undefined {
  if (!url.startsWith(base)) return undefined;
  let rest = url.slice(base.length);
  if (!rest || rest === '/') return { locale: DEFAULT_LOCALE, path: '/' };
  if (rest[0] !== '/') rest = `/${rest}`;
  const locale = rest.split('/')[1] ?? '';
  if (LOCALES.has(locale)) return { locale, path: rest.slice(1 + locale.length) || '/' };
  return { locale: DEFAULT_LOCALE, path: rest };
}

/**
 * The alternates of each of `urls` (the addresses the sitemap lists), keyed by address; `base` is
 * the site's root address with its slash (`https://example.com/`).
 */
export function i18nAlternates(urls: readonly string[], base: string): Map<string, Alternate[]> {
  const sorted = [...urls].sort(new Intl.Collator('en', { numeric: true }).compare);
  const byPath = new Map<string, Alternate[]>();
  const pathOf = new Map<string, string>();
  for (const url of sorted) {
    const parsed = i18nPath(url, base);
    if (!parsed) continue;
    pathOf.set(url, parsed.path);
    const group = byPath.get(parsed.path) ?? [];
    group.push({ url, lang: parsed.locale });
    byPath.set(parsed.path, group);
  }
  const out = new Map<string, Alternate[]>();
  for (const [url, path] of pathOf) {
    const group = byPath.get(path) as Alternate[];
    if (group.length > 1) out.set(url, group);
  }
  return out;
}
