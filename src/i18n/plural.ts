import { intlLocale, type Locale } from './locales.ts';
import { pluralForm } from './plural-form.ts';
import { type MessageKey, type Params, t } from './t.ts';

export { pluralForm };

/*
 * Counted messages: a key `x` has the forms `x.one` and `x.other` in each dictionary ("1 item",
 * "2 items"), chosen by Intl.PluralRules for the language. nl, en and de only use these two
 * categories; a language that needs more would add keys, not code.
 */

type PluralBase<K> = K extends `${infer Base}.one`
  ? `${Base}.other` extends MessageKey
    ? Base
    : never
  : never;
/** Message keys that exist as a `.one`/`.other` pair. */
export type PluralKey = PluralBase<MessageKey>;

/** The counted message `key` for `count` in `lang`, with {count} and any other params filled. */
export function tn(lang: Locale, key: PluralKey, count: number, params?: Params): string {
  const form = `${key}.${pluralForm(intlLocale[lang], count)}` as MessageKey;
  return t(lang, form, { ...params, count });
}
