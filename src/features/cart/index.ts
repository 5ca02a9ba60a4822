/** The cart feature's public entry: browser-safe logic, stores and types that other features, layouts and pages may use. */
export { fetchFresh, whenIdle } from './fresh-client.ts';
export { type NewLine, SYNTHETIC_VARIANT_MARKER } from './lines.ts';
export { addCartLine } from './store.ts';
