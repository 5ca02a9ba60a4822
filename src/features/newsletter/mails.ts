import { asLocale, type Locale, localizePath } from '~/i18n/locales.ts';
import { t } from '~/i18n/t.ts';
import { renderMail } from '~/lib/mail/index.ts';
import type { MailTemplates } from '~/lib/mail/outbox.ts';
import type { OutgoingMail } from '~/lib/mail/send.ts';

/** The links in a newsletter mail, absolute on the origin the visitor used. */
function newsletterLinks(origin: string, lang: Locale, tokens: { confirm: string; unsubscribe: string }) {
  return {
    confirm: `${origin}${localizePath('/newsletter/confirm', lang)}?token=${tokens.confirm}`,
    unsubscribe: `${origin}${localizePath('/newsletter/unsubscribe', lang)}?token=${tokens.unsubscribe}`,
    oneClick: `${origin}/api/newsletter/unsubscribe?token=${tokens.unsubscribe}`,
  };
}

/**
 * The confirmation mail: no advertising, only the request, the link (7 days, once) and how to
 * stop. It carries List-Unsubscribe with a one-click POST address (RFC 8058).
 */
function confirmationMail(input: {
  to: string;
  name: string;
  lang: Locale;
  origin: string;
  tokens: { confirm: string; unsubscribe: string };
}): OutgoingMail {
  const { lang } = input;
  const links = newsletterLinks(input.origin, lang, input.tokens);
  const { html, text } = renderMail({
    lang,
    preheader: t(lang, 'newsletter.mail.preheader'),
    heading: t(lang, 'newsletter.mail.heading'),
    paragraphs: [
      t(lang, 'newsletter.mail.greeting', { name: input.name }),
      t(lang, 'newsletter.mail.body'),
      t(lang, 'newsletter.mail.ignore'),
    ],
    action: { label: t(lang, 'newsletter.mail.button'), url: links.confirm },
    footer: [
      t(lang, 'newsletter.mail.why', { site: new URL(input.origin).host }),
      { label: t(lang, 'newsletter.mail.unsubscribe'), url: links.unsubscribe },
    ],
  });
  return {
    to: input.to,
    subject: t(lang, 'newsletter.mail.subject'),
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * To a confirmed subscriber who signs up again (public.newsletter_sign_up_and_mail): nothing to
 * confirm, only the news that nothing changed and how to stop.
 */
function alreadySubscribedMail(input: {
  to: string;
  name: string;
  lang: Locale;
  origin: string;
  unsubscribe: string;
}): OutgoingMail {
  const { lang } = input;
  const links = newsletterLinks(input.origin, lang, { confirm: '', unsubscribe: input.unsubscribe });
  const { html, text } = renderMail({
    lang,
    preheader: t(lang, 'newsletter.already.preheader'),
    heading: t(lang, 'newsletter.already.heading'),
    paragraphs: [
      t(lang, 'newsletter.mail.greeting', { name: input.name }),
      t(lang, 'newsletter.already.body'),
      t(lang, 'newsletter.already.ignore'),
    ],
    footer: [
      t(lang, 'newsletter.mail.why', { site: new URL(input.origin).host }),
      { label: t(lang, 'newsletter.mail.unsubscribe'), url: links.unsubscribe },
    ],
  });
  return {
    to: input.to,
    subject: t(lang, 'newsletter.already.subject'),
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The outbox template of `newsletter.confirmation` rows (public.newsletter_sign_up_and_mail). */
export const newsletterMailTemplates: MailTemplates = {
  'newsletter.confirmation': (row, { origin }) =>
    confirmationMail({
      to: row.to,
      name: text(row.payload['name']) || row.to,
      lang: asLocale(row.locale) ?? 'nl',
      origin,
      tokens: { confirm: text(row.payload['confirm']), unsubscribe: text(row.payload['unsubscribe']) },
    }),
  'newsletter.already_subscribed': (row, { origin }) =>
    alreadySubscribedMail({
      to: row.to,
      name: text(row.payload['name']) || row.to,
      lang: asLocale(row.locale) ?? 'nl',
      origin,
      unsubscribe: text(row.payload['unsubscribe']),
    }),
};
