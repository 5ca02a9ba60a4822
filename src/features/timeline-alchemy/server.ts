/** The timeline-alchemy feature's public entry: server-only code for endpoints and pages (never imported by browser code). */

export { handleCalendarFeed } from './calendar/feed-handler.ts';
export { handleConnectCallback, handleConnectStart } from './publishing/connect.ts';
export { runPublishing } from './publishing/worker.ts';
export { handleReviewLink } from './review/link-handler.ts';
export { handleReview } from './review/review-handler.ts';
export { reviewLinkSecret } from './review/signed-link.ts';
