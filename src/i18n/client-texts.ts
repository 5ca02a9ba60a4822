import type { Lookup, MessageKey, Texts } from './bind.ts';
import { type Locale, localizePath } from './locales.ts';

/**
 * Texts a browser script needs only once someone uses it (validation, errors, live results) are
 * served per language as `/texts/{group}.json` (src/pages/[...lang]/texts/[group].json.ts) and
 * fetched together with the script, instead of travelling in every page's HTML. React islands
 * get theirs as props (messagesWithPrefix); both end in the same typed lookup (./bind.ts).
 */
export type ClientTextGroup = 'newsletter' | 'search' | 'contact' | 'notifications';

/** Where a page in `lang` finds a group's texts. */
export const clientTextsUrl = (group: ClientTextGroup, lang: Locale): string =>
  localizePath(`/texts/${group}.json`, lang);

async function readTexts(url: string): Promise<Record<string, string> | null> {
  const response = await fetch(url);
  if (!response.ok) return null;
  const texts: unknown = await response.json();
  if (!texts || typeof texts !== 'object' || Array.isArray(texts)) return null;
  return Object.fromEntries(
    Object.entries(texts).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The texts at `url` as a lookup typed by the group's keys `K` (declared by the feature beside
 * the list it serves), or null when they cannot be had (offline, a broken answer). The lookup
 * code loads with the texts, so a page's eager script stays small.
 */
export async function fetchClientTexts<K extends MessageKey>(
  url: string | undefined,
  lang: Locale,
): Promise<Lookup<K> | null> {
  if (!url) return null;
  try {
    const [texts, { bindMessages }] = await Promise.all([readTexts(url), import('./bind.ts')]);
    return texts ? bindMessages(texts as Texts<K>, lang) : null;
  } catch {
    return null;
  }
}
