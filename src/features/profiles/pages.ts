/** The profiles feature's signed-in pages, for their page files (src/layouts/SignedInPage.astro renders them). */
export { profilePage } from './profile-page.ts';
export { userPage } from './user-page.ts';
