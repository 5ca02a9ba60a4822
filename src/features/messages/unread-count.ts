import { atom } from 'nanostores';

/**
 * The header's unread-messages count (the badge, unread-badge.ts, fills and shows it). The messages
 * page sets it from its live list through `setUnread`, which is all it loads of the badge.
 */
export const $unreadMessages = atom<number>(0);

/** Called by islands that know the count already (the messages page, from its live list). */
export function setUnread(count: number): void {
  $unreadMessages.set(Math.max(0, count));
}
