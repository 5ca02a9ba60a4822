/** Timeline Alchemy's signed-in pages, for their page files (src/layouts/SignedInPage.astro renders them). */

export { taBlogPostsPage } from './blog-posts/blog-posts-page.ts';
export { taAdminCalendarPage } from './calendar/admin-calendar-page.ts';
export { taClientCalendarPage } from './calendar/client-calendar-page.ts';
export { taMyPreviewsPage } from './client/my-previews-page.ts';
export { taDashboardPage } from './dashboard/dashboard-page.ts';
export { taIdeasPage } from './ideas/ideas-page.ts';
export { taReviewPage } from './review/review-page.ts';
export { taSocialPage } from './social/social-page.ts';
export { taWizardPage } from './wizard/wizard-page.ts';
