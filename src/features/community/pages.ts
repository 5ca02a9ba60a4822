/** The community feature's signed-in pages, for their page files (src/layouts/SignedInPage.astro renders them). */
export { communityPage } from './community-page.ts';
