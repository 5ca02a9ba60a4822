import { dateTimeFormat } from '~/i18n/intl.ts';
import { asLocale, intlLocale, type Locale, localizePath } from '~/i18n/locales.ts';
import { t } from '~/i18n/t.ts';
import { renderMail } from '~/lib/mail/index.ts';
import type { MailTemplates } from '~/lib/mail/outbox.ts';
import { reviewLinkSecret, signReviewToken } from './signed-link.ts';

/** The address of a review link: the page in the client's language, the signed token in the fragment. */
export function reviewLinkAddress(origin: string, lang: Locale, token: string): string {
  return `${origin}${localizePath('/timeline-alchemy/review', lang)}#token=${token}`;
}

/** The review-link mail in the client's language: who it is for, the link, until when it works. */
function reviewLinkMail(input: { lang: Locale; name: string; address: string; expiresAt: string }) {
  const { lang } = input;
  const expires = dateTimeFormat(intlLocale[lang], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(new Date(input.expiresAt));
  const params = { name: input.name, expires };
  const subject = t(lang, 'ta.mail.subject');
  const { html, text } = renderMail({
    lang,
    preheader: t(lang, 'ta.mail.intro', params),
    heading: subject,
    paragraphs: [t(lang, 'ta.mail.intro', params)],
    action: { label: t(lang, 'ta.mail.action'), url: input.address },
    footer: [t(lang, 'ta.mail.note', params)],
  });
  return { subject, html, text };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The outbox template of `ta.review_link` rows (written by public.send_review_link): the worker
 * signs the link's token with the server's REVIEW_LINK_SECRET, which never enters the database.
 */
export const reviewLinkMailTemplates: MailTemplates = {
  'ta.review_link': (row, context) => {
    const secret = reviewLinkSecret(context.supabaseUrl, context.env);
    if (!secret) throw new Error('REVIEW_LINK_SECRET is not set on the mail worker');
    const lang = asLocale(row.locale) ?? 'nl';
    const expiresAt = text(row.payload['expires_at']);
    const token = signReviewToken(secret, {
      id: text(row.payload['link_id']),
      random: text(row.payload['token']),
      expiresAt,
    });
    return reviewLinkMail({
      lang,
      name: text(row.payload['name']),
      address: reviewLinkAddress(context.origin, lang, token),
      expiresAt,
    });
  },
};
