/*
 * Intl.PluralRules on its own (no dictionaries), so a small header script can pick a form.
 */

const rules = new Map<string, Intl.PluralRules>();

/** 'one' or 'other' for a count in a language (any BCP 47 tag). */
export function pluralForm(locale: string, count: number): 'one' | 'other' {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return rule.select(count) === 'one' ? 'one' : 'other';
}
