/** The home feature's public entry: server-only code for endpoints and pages (never imported by browser code). */
export { FEATURED_COLLECTION, getFeaturedProducts } from './featured.ts';
