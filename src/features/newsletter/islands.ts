/** The newsletter feature's public entry: React components and hooks that pages and other features' islands may use. */
export { default as NewsletterAdmin } from './NewsletterAdmin.tsx';
