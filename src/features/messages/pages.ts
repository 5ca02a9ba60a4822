/** The messages feature's signed-in pages, for their page files (src/layouts/SignedInPage.astro renders them). */
export { messagesPage } from './messages-page.ts';
