/** The blog feature's public entry: .astro components that pages, layouts and other features may render. */
export { default as ArticleList } from './ArticleList.astro';
export { default as ArticleNotFound } from './ArticleNotFound.astro';
export { default as ArticleView } from './ArticleView.astro';
export { default as BlogIndex } from './BlogIndex.astro';
export { default as BlogOverviewPage } from './BlogOverviewPage.astro';
