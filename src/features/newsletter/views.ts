/** The newsletter feature's public entry: .astro components that pages, layouts and other features may render. */

export { default as NewsletterCard } from './NewsletterCard.astro';
export { default as NewsletterPopup } from './NewsletterPopup.astro';
export { default as NewsletterResult } from './NewsletterResult.astro';
