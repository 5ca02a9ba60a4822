/** The checkout feature's public entry: .astro components that pages, layouts and other features may render. */
export { default as DemoCheckout } from './DemoCheckout.astro';
