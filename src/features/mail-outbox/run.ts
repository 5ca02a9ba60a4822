import { accountMailTemplates } from '~/features/account/mails.ts';
import { newsletterMailTemplates } from '~/features/newsletter/mails.ts';
import { enqueueNotificationMails, notificationMailTemplates } from '~/features/notifications/mails.ts';
import { reviewLinkMailTemplates } from '~/features/timeline-alchemy/mails.ts';
import {
  type DrainOptions,
  type DrainResult,
  drainOutbox,
  type OutboxStore,
  supabaseOutboxStore,
} from '~/lib/mail/outbox.ts';

/**
 * Every kind of mail the outbox holds and the template that renders it. A feature that sends mail
 * adds its templates here and enqueues rows with private.enqueue_mail in its database function.
 */
export const mailTemplates = {
  ...accountMailTemplates,
  ...newsletterMailTemplates,
  ...reviewLinkMailTemplates,
  ...notificationMailTemplates,
};

const stores = new Map<string, OutboxStore>();

/**
 * One run of the outbox worker with the service role (Netlify scheduled function, the local
 * stack's timer): sends every due mail, retries later what failed. Needs the Supabase URL and
 * SUPABASE_SERVICE_ROLE_KEY, SMTP_URL and MAIL_FROM, SITE_URL (links) and REVIEW_LINK_SECRET.
 */
export async function drainMailOutbox(
  options: { url: string; serviceKey: string; worker: string } & Partial<
    Omit<DrainOptions, 'store' | 'templates' | 'supabaseUrl' | 'worker'>
  >,
): Promise<DrainResult> {
  const { url, serviceKey, ...rest } = options;
  // Notification mails fall due with time, not with a change: the database writes the due ones
  // into the outbox first (features/notifications/mails.ts). A failure there delays them only.
  await enqueueNotificationMails(url, serviceKey, rest.env ?? process.env, rest.log ?? console).catch(
    (error) => (rest.log ?? console).error(`mail-outbox: ${(error as Error).message}`),
  );
  return drainOutbox({
    ...rest,
    store: stores.get(`${url} ${serviceKey}`) ?? storeFor(url, serviceKey),
    templates: mailTemplates,
    supabaseUrl: url,
  });
}

function storeFor(url: string, serviceKey: string): OutboxStore {
  const store = supabaseOutboxStore(url, serviceKey);
  stores.set(`${url} ${serviceKey}`, store);
  return store;
}
