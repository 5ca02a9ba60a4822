import type { KeysWithPrefix } from './bind.ts';
import { de, en, type MessageKey, nl } from './dictionaries/index.ts';
import { format, type Params } from './format.ts';
import { dateTimeFormat } from './intl.ts';
import { intlLocale, type Locale } from './locales.ts';

export type { MessageKey, Params };

const dictionaries: Record<Locale, Partial<Record<MessageKey, string>>> = { nl, en, de };

/** A message in the given language; falls back to English, then to the key itself. */
export function t(lang: Locale, key: MessageKey, params?: Params): string {
  const text = dictionaries[lang][key] ?? (en as Partial<Record<string, string>>)[key] ?? key;
  return format(text, params, lang);
}

/** A translator bound to one language, for templates: `const tr = translator(lang)`. */
export function translator(lang: Locale) {
  return (key: MessageKey, params?: Params) => t(lang, key, params);
}

/** The messages whose keys start with a prefix, for handing to a client island or script. */
export function messagesWithPrefix<P extends string>(
  lang: Locale,
  prefix: P,
): Record<KeysWithPrefix<P>, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(en) as MessageKey[]) {
    if (key.startsWith(prefix)) out[key] = t(lang, key);
  }
  return out as Record<KeysWithPrefix<P>, string>;
}

/** Formats a date for a language (nl-NL, en-US, de-DE). */
export function formatDate(
  lang: Locale,
  date: Date | string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  return dateTimeFormat(intlLocale[lang], options).format(value);
}
