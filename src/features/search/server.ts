/** The search feature's public entry: server-only code for endpoints and pages (never imported by browser code). */

export { handlePredictiveSearch } from './endpoint.ts';
export { searchFieldMessages } from './messages.ts';
export { parseSearchParams } from './results.server.ts';
