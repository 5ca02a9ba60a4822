/** The shop feature's public entry: server-only code for endpoints and pages (never imported by browser code). */

export { handleListing } from './listing/endpoint.ts';
export { collectionPageStaticPaths, pageNumber, shopPageStaticPaths } from './listing/pages.ts';
export { handleQuickAdd } from './quick-add-handler.ts';
export { productStaticPaths } from './static-paths.ts';
