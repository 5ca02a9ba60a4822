/**
 * The one mail path of the site: compose with renderMail; a database function queues the mail in
 * the outbox with its cause (private.enqueue_mail) and the worker (outbox.ts) sends it with
 * sendMail (send.ts, SMTP_URL).
 */
export { renderMail } from './layout.ts';
