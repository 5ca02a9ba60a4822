/**
 * Netlify scheduled function (every minute): the mail outbox worker. Sends every due row of
 * private.mail_outbox (written by the database functions in the transaction of their cause),
 * retries failures with backoff, gives up after 8 attempts (public.mail_outbox_failures lists
 * them for admins). Before sending it lets the database write the notification mails that fell
 * due (public.notification_mails_enqueue: at once after the delay, the daily digests).
 * Locally the stack's timer runs the same worker (supabase/local/mail-timer.ts).
 * Needs PUBLIC_SUPABASE_URL (or SUPABASE_URL), SUPABASE_SERVICE_ROLE_KEY, SMTP_URL, MAIL_FROM,
 * SITE_URL (or Netlify's URL) and REVIEW_LINK_SECRET in the site's environment.
 */
import { drainMailOutbox } from '../../src/features/mail-outbox/server.ts';

export default async function mailOutbox(): Promise<Response> {
  const url = process.env['SUPABASE_URL'] ?? process.env['PUBLIC_SUPABASE_URL'];
  const serviceKey = process.env['SUPABASE_SERVICE_ROLE_KEY'];
  if (!url || !serviceKey) {
    console.error('mail-outbox: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');
    return new Response('not configured', { status: 500 });
  }
  // A scheduled function may run 30 s: stop claiming well before; unsent rows wait a minute.
  const result = await drainMailOutbox({
    url,
    serviceKey,
    worker: `netlify-${crypto.randomUUID()}`,
    budgetMs: 20_000,
  });
  console.info(`mail-outbox: ${JSON.stringify(result)}`);
  return Response.json(result);
}

export const config = { schedule: '* * * * *' };
