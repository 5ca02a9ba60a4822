/** The search feature's public entry: browser-safe logic, stores and types that other features, layouts and pages may use. */
export { initSearchField } from './field.ts';
export { searchFieldMessages } from './messages.ts';
