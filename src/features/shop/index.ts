/** The shop feature's public entry: browser-safe logic, stores and types that other features, layouts and pages may use. */

export { paramsFromState, stateFromParams } from './listing/url-state.ts';
export { collectionPath, productPath, shopPath } from './paths.ts';
