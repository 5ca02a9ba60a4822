/** The moderation feature's public entry: React components and hooks that pages and other features' islands may use. */

export { default as ModerationApp } from './ModerationApp.tsx';
export { ReportButton } from './ReportButton.tsx';
