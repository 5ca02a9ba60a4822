/** The newsletter feature's public entry: server-only code for endpoints and pages (never imported by browser code). */
export { newsletterDeps, requestMeta } from './endpoint-deps.ts';
export { handleNewsletterSignUp, handleOneClickUnsubscribe } from './handler.ts';
export { confirmFromLink, linkPageHeaders, unsubscribeFromLink } from './link-pages.ts';
export { newsletterCardMessages } from './messages.ts';
