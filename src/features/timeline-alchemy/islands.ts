/** The timeline-alchemy feature's public entry: React components and hooks that pages and other features' islands may use. */

export { default as BlogPostsPage } from './blog-posts/BlogPostsAdmin.tsx';
export { default as MyPreviewsPage } from './client/MyPreviewsPage.tsx';
export { default as DashboardPage } from './dashboard/DashboardPage.tsx';
export { default as IdeasPage } from './ideas/IdeasAdmin.tsx';
export { default as ReviewByLink } from './review/ReviewByLink.tsx';
export { default as SocialConnectionsPage } from './social/SocialConnections.tsx';
export { default as WizardPage } from './wizard/WizardPage.tsx';
