/** The profiles feature's public entry: React components and hooks that pages and other features' islands may use. */
export { profilePage } from './profile-page.ts';
export { userPage } from './user-page.ts';
