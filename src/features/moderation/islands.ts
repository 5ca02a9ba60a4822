/** The moderation feature's public entry: React components and hooks that pages and other features' islands may use. */

export { ReportButton } from './ReportButton.tsx';
