/** The timeline-alchemy feature's public entry: browser-safe logic, stores and types that other features, layouts and pages may use. */
export { islandProps } from './shared/page-props.ts';
