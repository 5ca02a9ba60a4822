import type { Locale } from '~/i18n/locales.ts';

// The core dictionary's 'a11y.newTab', repeated here so client islands do not load the whole
// core dictionary for one phrase. Keep in step with src/i18n/dictionaries/*.ts.
export const coreNewTab: Record<Locale, string> = {
  nl: '(opent in een nieuw tabblad)',
  en: '(opens in a new tab)',
  de: '(öffnet in einem neuen Tab)',
};
