/** The auth feature's public entry: React components and hooks that pages and other features' islands may use. */

export { GatedPage } from './GatedPage.tsx';
