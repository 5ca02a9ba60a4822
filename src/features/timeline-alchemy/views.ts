/** The timeline-alchemy feature's public entry: .astro components that pages, layouts and other features may render. */
export { default as TaLayout } from './shared/TaLayout.astro';
