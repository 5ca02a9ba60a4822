/** The one mail path of the site: compose with renderMail, send with sendMail (SMTP_URL). */
export { type MailContent, renderMail } from './layout.ts';
export { closeMailTransports, LOCAL_SMTP_URL, mailSettings, type OutgoingMail, sendMail } from './send.ts';
