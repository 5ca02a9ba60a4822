/** The auth feature's public entry: .astro components that pages, layouts and other features may render. */

export { default as SessionGate } from './SessionGate.astro';
export { default as UserMenu } from './UserMenu.astro';
