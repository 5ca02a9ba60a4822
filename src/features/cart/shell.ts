/** What the page shell (src/layouts/shell) runs of the cart feature on every page: keep it tiny. */
export { initCartBadge, initCartButton } from './badge.ts';
