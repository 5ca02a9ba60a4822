/** The messages feature's public entry: React components and hooks that pages and other features' islands may use. */
export { MessagePrivacySetting } from './MessagePrivacySetting.tsx';
