import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { bindMessages, type Lookup } from '~/i18n/bind.ts';
import { asLocale, type Locale, localizePath } from '~/i18n/locales.ts';
import { messagesWithPrefix } from '~/i18n/t.ts';
import { renderMail } from '~/lib/mail/index.ts';
import type { MailTemplates } from '~/lib/mail/outbox.ts';
import type { OutgoingMail } from '~/lib/mail/send.ts';
import { communityPaths } from '~/lib/member-paths.ts';
import { siteOrigin } from '~/lib/site.ts';
import { describeNotification, type NotificationRow, type NotificationTextKey } from './model.ts';
import { isTopic, type Topic, topicOfKind } from './topics.ts';

/**
 * Notification mails (issue 22, point 3): rows the database wrote into the outbox
 * (public.notification_mails_enqueue, run by the outbox worker before it sends): one group at once
 * (`notification.instant`) or the day's digest (`notification.digest`). Each entry is worded and
 * linked exactly as the app's list does it (model.ts). Every mail carries a one-click unsubscribe
 * (RFC 8058) for one topic and links to the settings.
 */

/** The one-click address (POST, mail clients) and the page behind the mail's link (GET asks first). */
function unsubscribeLinks(origin: string, lang: Locale, token: string) {
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    oneClick: `${origin}/api/notifications/unsubscribe${query}`,
    page: `${origin}${localizePath('/notifications/unsubscribe', lang)}${query}`,
  };
}

type MailKey = Parameters<typeof messagesWithPrefix>[1];
const lookups = new Map<Locale, Lookup>();
/** The mail's texts in one language (plural forms included): the list's, the mail's, the topics'. */
function textsOf(lang: Locale): Lookup {
  let lookup = lookups.get(lang);
  if (!lookup) {
    const prefixes: MailKey[] = ['notifications.', 'notificationMail.', 'account.notifications.topic.'];
    lookup = bindMessages(Object.assign({}, ...prefixes.map((p) => messagesWithPrefix(lang, p))), lang);
    lookups.set(lang, lookup);
  }
  return lookup;
}

const entriesOf = (payload: Record<string, unknown>): NotificationRow[] =>
  Array.isArray(payload['entries']) ? (payload['entries'] as NotificationRow[]) : [];

function entryOf(row: NotificationRow, lang: Locale, origin: string) {
  const shown = describeNotification(row, textsOf(lang) as Lookup<NotificationTextKey>, lang);
  return { text: shown.text, url: shown.href ? `${origin}${shown.href}` : null };
}

function footer(lang: Locale, origin: string, stops: Array<{ topic: Topic; token: string }>) {
  return [
    textsOf(lang)('notificationMail.why', { site: new URL(origin).host }),
    ...stops.map(({ topic, token }) => ({
      label: textsOf(lang)('notificationMail.stopTopic', {
        topic: textsOf(lang)(`account.notifications.topic.${topic}`),
      }),
      url: unsubscribeLinks(origin, lang, token).page,
    })),
    {
      label: textsOf(lang)('notificationMail.settings'),
      url: `${origin}${communityPaths(lang).account}#notifications`,
    },
  ];
}

const oneClickHeaders = (origin: string, lang: Locale, token: string) => ({
  'List-Unsubscribe': `<${unsubscribeLinks(origin, lang, token).oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function instantMail(
  payload: Record<string, unknown>,
  lang: Locale,
  origin: string,
): Omit<OutgoingMail, 'to'> {
  const [row] = entriesOf(payload);
  const topic = text(payload['topic']);
  const token = text(payload['unsubscribe']);
  if (!row || !isTopic(topic) || !token)
    throw new Error('notification.instant without entry, topic or token');
  const entry = entryOf(row, lang, origin);
  const { html, text: plain } = renderMail({
    lang,
    preheader: textsOf(lang)('notificationMail.instantLead'),
    heading: entry.text,
    paragraphs: [textsOf(lang)('notificationMail.instantLead')],
    ...(entry.url ? { action: { label: textsOf(lang)('notificationMail.open'), url: entry.url } } : {}),
    footer: footer(lang, origin, [{ topic, token }]),
  });
  return { subject: entry.text, html, text: plain, headers: oneClickHeaders(origin, lang, token) };
}

function digestMail(
  payload: Record<string, unknown>,
  lang: Locale,
  origin: string,
): Omit<OutgoingMail, 'to'> {
  const rows = entriesOf(payload);
  const tokens = (payload['unsubscribe'] ?? {}) as Record<string, unknown>;
  const stops = Object.entries(tokens)
    .filter((e): e is [Topic, string] => isTopic(e[0]) && typeof e[1] === 'string')
    .map(([topic, token]) => ({ topic, token }));
  // The header can name one list: the topic with the most entries in this digest.
  const counts = (topic: Topic) => rows.filter((r) => topicOfKind(r.kind) === topic).length;
  const main = [...stops].sort((a, b) => counts(b.topic) - counts(a.topic))[0];
  if (rows.length === 0 || !main) throw new Error('notification.digest without entries or tokens');
  // The groups the digest covers but does not list (it lists at most 20): counted, linked to the app.
  const more = typeof payload['more'] === 'number' && payload['more'] > 0 ? Math.floor(payload['more']) : 0;
  const count = rows.length + more;
  const all = `${origin}${localizePath('/notifications', lang)}`;
  const { html, text: plain } = renderMail({
    lang,
    preheader: textsOf(lang)('notificationMail.digestLead', { count }),
    heading: textsOf(lang)('notificationMail.digestHeading'),
    paragraphs: [textsOf(lang)('notificationMail.digestLead', { count })],
    items: [
      ...rows.map((row) => entryOf(row, lang, origin)),
      ...(more > 0
        ? [{ text: textsOf(lang)('notificationMail.digestMore', { count: more }), url: all }]
        : []),
    ],
    action: { label: textsOf(lang)('notificationMail.openAll'), url: all },
    footer: footer(lang, origin, stops),
  });
  return {
    subject: textsOf(lang)('notificationMail.digestSubject', { count }),
    html,
    text: plain,
    headers: oneClickHeaders(origin, lang, main.token),
  };
}

/** The outbox templates of notification mails. */
export const notificationMailTemplates: MailTemplates = {
  'notification.instant': (row, { origin }) => instantMail(row.payload, asLocale(row.locale) ?? 'nl', origin),
  'notification.digest': (row, { origin }) => digestMail(row.payload, asLocale(row.locale) ?? 'nl', origin),
};

const clients = new Map<string, SupabaseClient>();

/**
 * The worker's step before it sends: the database writes the due notification mails into the
 * outbox (service role only). Links use the configured origin (SITE_URL, Netlify's URL). A
 * recipient whose mail could not be written is skipped by the database (the others are mailed)
 * and counted in `failed`: logged here, the cause is in the database log.
 */
export async function enqueueNotificationMails(
  url: string,
  serviceKey: string,
  env: Record<string, string | undefined> = process.env,
  log: Pick<Console, 'error'> = console,
): Promise<void> {
  let db = clients.get(`${url} ${serviceKey}`);
  if (!db) {
    db = createClient(url, serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    clients.set(`${url} ${serviceKey}`, db);
  }
  const { data, error } = await db.rpc('notification_mails_enqueue', { p_origin: siteOrigin(env) });
  if (error) throw new Error(`notification_mails_enqueue: ${error.message}`);
  const failed = (data as { failed?: unknown } | null)?.failed;
  if (typeof failed === 'number' && failed > 0)
    log.error(`notification_mails_enqueue: ${failed} recipient(s) skipped, see the database log`);
}
