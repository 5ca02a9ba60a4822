/** What the page shell (src/layouts/shell) runs of the newsletter feature on every page: keep it tiny. */
export { initNewsletterCards } from './card-loader.ts';
