/** The home feature's public entry: .astro components that pages, layouts and other features may render. */
export { default as FeaturedProducts } from './FeaturedProducts.astro';
export { default as HeroPreload } from './HeroPreload.astro';
export { default as HomeBlurbs } from './HomeBlurbs.astro';
export { default as HomeHero } from './HomeHero.astro';
export { default as LatestPosts } from './LatestPosts.astro';
export { default as NewsletterSection } from './NewsletterSection.astro';
