/** The privacy feature's signed-in pages, for their page files (src/layouts/SignedInPage.astro renders them). */
export { privacyPage } from './privacy-page.ts';
