/** The timeline-alchemy feature's public entry: React components and hooks that pages and other features' islands may use. */

export {
  taBlogPostsPage,
  taDashboardPage,
  taIdeasPage,
  taMyPreviewsPage,
  taReviewPage,
  taSocialPage,
  taWizardPage,
} from './pages.ts';
