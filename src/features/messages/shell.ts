/** What the page shell (src/layouts/shell) runs of the messages feature on every page: keep it tiny. */
export { initUnreadBadge } from './unread-badge.ts';
