import type { MessageKey } from './dictionaries/index.ts';
import { formatKey, type Params } from './format.ts';
import type { Locale } from './locales.ts';

export type { MessageKey };

/** Dictionary keys that start with `P` ('community.' -> every community key). */
export type KeysWithPrefix<P extends string> = Extract<MessageKey, `${P}${string}`>;

/** `x` for every counted pair `x.one`/`x.other` among K: looked up with `{ count }`. */
type CountedKey<K extends string, All extends string = K> = K extends `${infer Base}.one`
  ? `${Base}.other` extends All
    ? Base
    : never
  : never;

/** Texts handed to client code (island props, `/texts/{group}.json`): some dictionary keys. */
export type Texts<K extends MessageKey = MessageKey> = { readonly [P in K]?: string };

/** The texts of the keys with one of the prefixes `P`: `TextsFor<'app.' | 'community.'>`. */
export type TextsFor<P extends string> = Texts<KeysWithPrefix<P>>;

/**
 * THE way client code reads its texts: a lookup typed by key, so an unknown key is a type
 * error. `{name}` placeholders and counted forms are filled by format() (./format.ts).
 */
export type Lookup<K extends MessageKey = MessageKey> = (key: K | CountedKey<K>, params?: Params) => string;

/** A lookup over any dictionary key; what shared components that receive `t` take. */
export type Tr = Lookup;

/**
 * Binds texts (island props from messagesWithPrefix, or fetched by fetchClientTexts) to a
 * typed lookup in their language. A key the texts lack (a page that forgot a prefix) shows the
 * key itself.
 */
export function bindMessages<K extends MessageKey>(messages: Texts<K>, lang: Locale): Lookup<K> {
  const texts = messages as Readonly<Partial<Record<string, string>>>;
  return (key, params) => formatKey(texts, key, params, lang) ?? key;
}
