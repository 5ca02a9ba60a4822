import type { KeysWithPrefix } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import { messagesWithPrefix } from '~/i18n/t.ts';

/** The keys of /texts/contact.json: what the contact form's script says (contact-form.ts). */
export type ContactTextKey = KeysWithPrefix<'contact.error.' | 'contact.sent'>;

/** The contact form's texts in a language, served as /texts/contact.json. */
export function contactFormMessages(lang: Locale): Record<ContactTextKey, string> {
  return { ...messagesWithPrefix(lang, 'contact.error.'), ...messagesWithPrefix(lang, 'contact.sent') };
}
