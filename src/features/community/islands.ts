/** The community feature's public entry: React components and hooks that pages and other features' islands may use. */

export { MemberDirectory } from './MemberDirectory.tsx';
