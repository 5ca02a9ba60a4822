/** What the page shell (src/layouts/shell) runs of the search feature on every page: keep it tiny. */
export { initSearchField } from './field.ts';
