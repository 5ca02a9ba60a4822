/** The community feature's public entry: React components and hooks that pages and other features' islands may use. */

export { communityPage } from './community-page.ts';
export { MemberDirectory } from './MemberDirectory.tsx';
