/** The search feature's public entry: server-only code for endpoints and pages (never imported by browser code). */

export { handlePredictiveSearch } from './endpoint.ts';
export { parseSearchParams } from './results.server.ts';
