import { de, en, type MessageKey, nl } from './dictionaries/index.ts';
import { intlLocale, type Locale } from './locales.ts';

export type { MessageKey };
export type Params = Record<string, string | number>;

const dictionaries: Record<Locale, Partial<Record<MessageKey, string>>> = { nl, en, de };

function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A message in the given language; falls back to English, then to the key itself. */
export function t(lang: Locale, key: MessageKey, params?: Params): string {
  const text = dictionaries[lang][key] ?? (en as Partial<Record<string, string>>)[key] ?? key;
  return interpolate(text, params);
}

/** A translator bound to one language, for templates: `const tr = translator(lang)`. */
export function translator(lang: Locale) {
  return (key: MessageKey, params?: Params) => t(lang, key, params);
}

/** The messages whose keys start with a prefix, for handing to a client island or script. */
export function messagesWithPrefix(lang: Locale, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(en) as MessageKey[]) {
    if (key.startsWith(prefix)) out[key] = t(lang, key);
  }
  return out;
}

/** Formats a date for a language (nl-NL, en-US, de-DE). */
export function formatDate(
  lang: Locale,
  date: Date | string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  return new Intl.DateTimeFormat(intlLocale[lang], options).format(value);
}
