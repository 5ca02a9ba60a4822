/*
 * Intl.PluralRules on its own (no dictionaries), so a small header script can pick a form.
 */
import { pluralRules } from './intl.ts';

/** 'one' or 'other' for a count in a language (any BCP 47 tag). */
export function pluralForm(locale: string, count: number): 'one' | 'other' {
  return pluralRules(locale).select(count) === 'one' ? 'one' : 'other';
}
