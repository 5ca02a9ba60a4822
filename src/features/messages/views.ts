/** The messages feature's entry for layouts (server side): what the page shell renders of it. */

/** The header badge's count, which signed-in pages start early (src/layouts/SignedInPage.astro). */
export { unreadMessagesRead } from './unread-read.ts';
