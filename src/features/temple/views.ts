/** The temple feature's public entry: .astro components that pages, layouts and other features may render. */
export { default as DigitalTemple } from './DigitalTemple.astro';
