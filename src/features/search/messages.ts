import type { Locale } from '~/i18n/locales.ts';
import { translator } from '~/i18n/t.ts';
import { type PredictiveKey, predictiveTextKeys } from './field-texts.ts';

/** The texts the predictive script shows, served as /texts/search.json (fetched on first focus). */
export function searchFieldMessages(lang: Locale): Record<PredictiveKey, string> {
  const tr = translator(lang);
  return Object.fromEntries(predictiveTextKeys.map((key) => [key, tr(key)])) as Record<PredictiveKey, string>;
}
