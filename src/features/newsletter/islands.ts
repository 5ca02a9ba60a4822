/** The newsletter feature's public entry: React components and hooks that pages and other features' islands may use. */
export { newsletterAdminPage } from './admin-page.ts';
