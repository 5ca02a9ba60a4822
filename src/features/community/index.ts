/** The community feature's public entry: browser-safe logic, stores and types that other features, layouts and pages may use. */
export { type FeedPost, feedFirstRead, fetchFirstPage } from './feed-data.ts';
