/** The one mail path of the site: compose with renderMail, send with sendMail (SMTP_URL). */
export { renderMail } from './layout.ts';
export { type OutgoingMail, sendMail } from './send.ts';
