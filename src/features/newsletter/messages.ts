import type { KeysWithPrefix } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';

/** The keys of /texts/newsletter.json. */
export type NewsletterCardKey = KeysWithPrefix<'newsletter.form.' | 'error.'>;

import { messagesWithPrefix } from '~/i18n/t.ts';

/**
 * The texts the sign-up card's behaviour (newsletter-card.ts) shows: validation, errors, the
 * thank-you and member cards. Served as /texts/newsletter.json per language and fetched on
 * first interaction: carried in every page, they were ~1 KB gz of each page's first round trip.
 */
export function newsletterCardMessages(lang: Locale): Record<NewsletterCardKey, string> {
  return { ...messagesWithPrefix(lang, 'newsletter.form.'), ...messagesWithPrefix(lang, 'error.') };
}
