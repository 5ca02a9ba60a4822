/** The friends feature's public entry: React components and hooks that pages and other features' islands may use. */

export { friendsPage } from './friends-page.ts';
export { useFriendships } from './useFriendships.ts';
