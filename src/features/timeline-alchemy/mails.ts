/** Timeline Alchemy's mail templates for the outbox worker (src/features/mail-outbox): server-only, no build-time env. */
export { reviewLinkMailTemplates } from './review/link-mail.ts';
