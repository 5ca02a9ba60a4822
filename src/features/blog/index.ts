/** The blog feature's public entry: browser-safe logic, stores and types that other features, layouts and pages may use. */

export { OVERVIEW_EXCERPT_LENGTH, truncateText } from './excerpt.ts';
export { articlePath, blogOverviewPath, isSiteBlog } from './paths.ts';
