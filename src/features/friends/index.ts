/** The friends feature's public entry: browser-safe logic, stores and types that other features, layouts and pages may use. */
export { type Friendship, friendshipsRead, type PairStatus, pairStatus } from './friends-data.ts';
