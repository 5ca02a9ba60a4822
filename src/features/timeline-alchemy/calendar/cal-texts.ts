import { useMemo } from 'react';
import { bindMessages, type KeysWithPrefix, type Lookup, type TextsFor } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import { taGroups } from '../shared/page-props.ts';

/** The calendar pages' text groups: Timeline Alchemy's and the calendar's own. */
export const calendarGroups = [...taGroups, 'tac.'] as const;
type CalPrefix = 'app.' | 'ta.' | 'tac.' | 'error.';
export type CalT = Lookup<KeysWithPrefix<CalPrefix>>;
export type CalTexts = TextsFor<CalPrefix>;

/** bindMessages() kept stable across renders. */
export function useCalT(messages: CalTexts, lang: Locale): CalT {
  return useMemo(() => bindMessages(messages, lang), [messages, lang]);
}
