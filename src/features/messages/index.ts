/** The messages feature's public entry: browser-safe logic, stores and types that other features, layouts and pages may use. */
export { initUnreadBadge } from './unread-badge.ts';
