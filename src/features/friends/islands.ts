/** The friends feature's public entry: React components and hooks that pages and other features' islands may use. */

export { default as FriendsApp } from './FriendsApp.tsx';
export { useFriendships } from './useFriendships.ts';
