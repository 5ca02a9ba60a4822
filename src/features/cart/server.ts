/** The cart feature's public entry: server-only code for endpoints and pages (never imported by browser code). */
export { handleFresh } from './fresh-handler.ts';
export { catalogNames } from './names.ts';
