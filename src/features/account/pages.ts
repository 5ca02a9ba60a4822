/** The account feature's signed-in page, for its page file (src/layouts/SignedInPage.astro renders it). */
export { accountPage } from './account-page.ts';
