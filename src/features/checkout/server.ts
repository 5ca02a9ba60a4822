/** The checkout feature's public entry: server-only code for endpoints and pages (never imported by browser code). */
export { handleCheckout } from './handler.ts';
