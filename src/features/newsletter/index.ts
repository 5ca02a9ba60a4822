/** The newsletter feature's public entry: browser-safe logic, stores and types that other features, layouts and pages may use. */
export { initNewsletterCards } from './card-loader.ts';
export { newsletterCardMessages } from './messages.ts';
export { tokenSchema } from './schema.ts';
