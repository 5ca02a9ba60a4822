import { type Locale, localizePath } from './locales.ts';

/**
 * Texts a browser script needs only once someone uses it (validation, errors, live results) are
 * served per language as `/texts/{group}.json` (src/pages/[...lang]/texts/[group].json.ts) and
 * fetched together with the script, instead of travelling in every page's HTML.
 */
export type ClientTextGroup = 'newsletter' | 'search';
export type ClientTexts = Record<string, string>;

/** Where a page in `lang` finds a group's texts. */
export const clientTextsUrl = (group: ClientTextGroup, lang: Locale): string =>
  localizePath(`/texts/${group}.json`, lang);

/** The texts at `url`, or null when they cannot be had (offline, a broken answer). */
export async function fetchClientTexts(url: string | undefined): Promise<ClientTexts | null> {
  if (!url) return null;
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const texts: unknown = await response.json();
    if (!texts || typeof texts !== 'object' || Array.isArray(texts)) return null;
    return Object.fromEntries(
      Object.entries(texts).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return null;
  }
}
