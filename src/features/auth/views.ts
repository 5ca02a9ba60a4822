/** The auth feature's public entry: .astro components that pages, layouts and other features may render. */

/** The gate's profile read, which SignedInPage.astro starts early. */
export { gateProfileRead } from './profile-read.ts';
export { default as SessionGate } from './SessionGate.astro';
export { default as UserMenu } from './UserMenu.astro';
