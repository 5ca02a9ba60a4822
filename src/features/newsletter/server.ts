/** The newsletter feature's public entry: server-only code for endpoints and pages (never imported by browser code). */
export { newsletterDeps, requestMeta } from './endpoint-deps.ts';
export { handleNewsletterSignUp, handleOneClickUnsubscribe } from './handler.ts';
export { newsletterCardMessages } from './messages.ts';
export { tokenSchema } from './schema.ts';
