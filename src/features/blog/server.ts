/** The blog feature's public entry: server-only code for endpoints and pages (never imported by browser code). */
export { articleImage } from './image.ts';
export { articleSeo } from './seo.ts';
