import { useMemo } from 'react';
import { bindMessages, type KeysWithPrefix, type Lookup, type TextsFor } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';

/** The calendar pages' text groups: the app's, Timeline Alchemy's shared ones and the calendar's own. */
export const calendarGroups = ['app.', 'ta.', 'tac.', 'error.'] as const;
type CalPrefix = (typeof calendarGroups)[number];
export type CalT = Lookup<KeysWithPrefix<CalPrefix>>;
export type CalTexts = TextsFor<CalPrefix>;

/** bindMessages() kept stable across renders. */
export function useCalT(messages: CalTexts, lang: Locale): CalT {
  return useMemo(() => bindMessages(messages, lang), [messages, lang]);
}
