/** The shop feature's public entry: .astro components that pages, layouts and other features may render. */

export { default as CollectionView } from './CollectionView.astro';
export { default as FilterPanel } from './listing/FilterPanel.astro';
export { default as ShopPage } from './listing/ShopPage.astro';
export { default as SortSelect } from './listing/SortSelect.astro';
export { default as ProductCard } from './ProductCard.astro';
export { default as ProductGrid } from './ProductGrid.astro';
export { default as ProductView } from './ProductView.astro';
