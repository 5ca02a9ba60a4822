/** The profiles feature's public entry: React components and hooks that pages and other features' islands may use. */
export { default as ProfileApp } from './ProfileApp.tsx';
export { default as UserApp } from './UserApp.tsx';
