/** The newsletter feature's signed-in pages, for their page files (src/layouts/SignedInPage.astro renders them). */
export { newsletterAdminPage } from './admin-page.ts';
