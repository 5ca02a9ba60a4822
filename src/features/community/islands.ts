/** The community feature's public entry: React components and hooks that pages and other features' islands may use. */
export { default as CommunityApp } from './CommunityApp.tsx';
export { MemberDirectory } from './MemberDirectory.tsx';
