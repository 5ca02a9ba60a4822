/** The admin feature's signed-in pages, for their page files (src/layouts/SignedInPage.astro renders them). */
export { auditPage } from './audit-page.ts';
export { membersPage } from './members-page.ts';
