/** The search feature's public entry: .astro components that pages, layouts and other features may render. */
export { default as SearchField } from './SearchField.astro';
export { default as SearchPage } from './SearchPage.astro';
