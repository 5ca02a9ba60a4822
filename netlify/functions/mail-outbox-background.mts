/**
 * Netlify background function (the "-background" suffix: Netlify answers 202 at once and runs it
 * for up to 15 minutes): one run of the mail outbox worker right after an endpoint queued mail,
 * so the mail need not wait for the scheduled minute. Started by src/lib/mail/kick.ts; only a POST
 * carrying MAIL_KICK_SECRET in the x-mail-kick header runs it. The same run as the scheduled
 * function mail-outbox.mts (whose schedule still sends whatever a lost kick left behind).
 */
import { isKick } from '../../src/lib/mail/kick.ts';
import mailOutbox from './mail-outbox.mts';

export default async function mailOutboxBackground(request: Request): Promise<Response> {
  if (!isKick(request)) return new Response('forbidden', { status: 403 });
  return mailOutbox();
}
