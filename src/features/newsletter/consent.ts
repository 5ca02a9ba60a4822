import type { Locale } from '~/i18n/locales.ts';
import { t } from '~/i18n/t.ts';

/**
 * Version of the consent text (`newsletter.consent` in src/i18n/messages/newsletter.ts) and of
 * the privacy policy it points to. Bump CONSENT_VERSION whenever that text changes in any
 * language: the ledger keeps the exact text, this version and its SHA-256 with every sign-up.
 */
export const CONSENT_VERSION = '2026-11';
export const PRIVACY_VERSION = '2026-11';

/** The exact consent text a visitor sees next to the checkbox, in their language. */
export function consentText(lang: Locale): string {
  return t(lang, 'newsletter.consent');
}

/** Sign-up forms the ledger distinguishes. */
export const SOURCES = ['footer', 'home', 'popup', 'default', 'compact', 'member'] as const;
export type Source = (typeof SOURCES)[number];
