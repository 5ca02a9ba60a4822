import { asLocale, type Locale } from '~/i18n/locales.ts';
import { t } from '~/i18n/t.ts';
import { renderMail } from '~/lib/mail/index.ts';
import type { MailTemplates } from '~/lib/mail/outbox.ts';

/**
 * The account mails of POST /api/account/email (rows written by public.email_change_mails and
 * public.email_taken_notice, supabase/migrations/20261127020000_account_email_change.sql), in the
 * language private.mail_locale gives. The confirmation links are GoTrue's own verify links
 * (admin generate_link's action_link), so GoTrue checks and completes the change.
 */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function verifyLink(value: unknown): string {
  const link = text(value);
  if (!/^https?:\/\/[^\s]+\/auth\/v1\/verify\?/.test(link)) throw new Error('no verify link in the row');
  return link;
}

function changeMail(lang: Locale, origin: string, side: 'toCurrent' | 'toNew', email: string, link: string) {
  const site = new URL(origin).host;
  const subject = t(lang, 'accountMail.change.subject');
  const lead = t(lang, `accountMail.change.${side}`, { site, email });
  const { html, text: plain } = renderMail({
    lang,
    preheader: lead,
    heading: subject,
    paragraphs: [lead, t(lang, 'accountMail.change.both'), t(lang, 'accountMail.change.notYou')],
    action: { label: t(lang, 'accountMail.change.button'), url: link },
    footer: [t(lang, 'accountMail.why', { site })],
  });
  return { subject, html, text: plain };
}

/** The e-mail change mail to one of the two addresses (the new one in the payload, its link). */
const changeTemplate =
  (to: 'toCurrent' | 'toNew'): MailTemplates[string] =>
  (row, { origin }) =>
    changeMail(
      asLocale(row.locale) ?? 'nl',
      origin,
      to,
      text(row.payload['new_email']),
      verifyLink(row.payload['link']),
    );

export const accountMailTemplates: MailTemplates = {
  'account.email_change_current': changeTemplate('toCurrent'),
  'account.email_change_new': changeTemplate('toNew'),
  'account.email_taken': (row, { origin }) => {
    const lang = asLocale(row.locale) ?? 'nl';
    const site = new URL(origin).host;
    const subject = t(lang, 'accountMail.taken.subject');
    const body = t(lang, 'accountMail.taken.body', { site });
    const { html, text: plain } = renderMail({
      lang,
      preheader: body,
      heading: subject,
      paragraphs: [body, t(lang, 'accountMail.taken.nothing')],
      footer: [t(lang, 'accountMail.why', { site })],
    });
    return { subject, html, text: plain };
  },
};
