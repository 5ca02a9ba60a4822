/** The friends feature's signed-in pages, for their page files (src/layouts/SignedInPage.astro renders them). */
export { friendsPage } from './friends-page.ts';
