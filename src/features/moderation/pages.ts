/** The moderation feature's signed-in pages, for their page files (src/layouts/SignedInPage.astro renders them). */
export { moderationPage } from './moderation-page.ts';
