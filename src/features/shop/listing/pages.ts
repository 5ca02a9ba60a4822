import { type Locale, langParam, locales, localizePath } from '~/i18n/locales.ts';
import { getCollections, getProducts } from '~/lib/storefront/index.ts';
import { getStaticListing, LISTING_PAGE_SIZE, type StaticListing } from '~/lib/storefront/listing.ts';

/** Address of page `n` of /shop (page 1 is /shop itself). */
export const shopPagePath = (lang: Locale, n: number) =>
  localizePath(n > 1 ? `/shop/page/${n}` : '/shop', lang);
/** Address of page `n` of a collection (page 1 is the collection's own address). */
export const collectionPagePath = (handle: string, lang: Locale, n: number) =>
  localizePath(n > 1 ? `/shop/collection/${handle}/page/${n}` : `/shop/collection/${handle}`, lang);

/** The language-free path of a listing page, for BaseLayout's `path`. */
export const shopPageRoute = (n: number) => (n > 1 ? `/shop/page/${n}` : '/shop');
export const collectionPageRoute = (handle: string, n: number) =>
  n > 1 ? `/shop/collection/${handle}/page/${n}` : `/shop/collection/${handle}`;

/**
 * The whole shop's pages: Shopify's `all` collection with its filters; a store without one falls
 * back to the product list in pages of 24, without filters.
 */
export async function shopListing(lang: Locale): Promise<StaticListing> {
  const listing = await getStaticListing('all', lang);
  if (listing) return listing;
  const products = await getProducts(lang);
  const pages = [];
  for (let i = 0; i < products.length; i += LISTING_PAGE_SIZE)
    pages.push(products.slice(i, i + LISTING_PAGE_SIZE));
  return { title: '', filters: [], pages: pages.length ? pages : [[]] };
}

/** getStaticPaths of /shop/page/[page]: pages 2.. in every language. */
export async function shopPageStaticPaths() {
  const paths = [];
  for (const lang of locales) {
    const { pages } = await shopListing(lang);
    for (let n = 2; n <= pages.length; n++)
      paths.push({ params: { lang: langParam(lang), page: String(n) } });
  }
  return paths;
}

/** getStaticPaths of /shop/collection/[handle]/page/[page]: pages 2.. of every collection. */
export async function collectionPageStaticPaths() {
  const paths = [];
  for (const lang of locales) {
    for (const c of await getCollections(lang)) {
      const listing = await getStaticListing(c.handle, lang);
      for (let n = 2; n <= (listing?.pages.length ?? 0); n++)
        paths.push({ params: { lang: langParam(lang), handle: c.handle, page: String(n) } });
    }
  }
  return paths;
}

/** The page number of a route parameter ("2"), or null. */
export function pageNumber(param: string | undefined): number | null {
  const n = Number(param);
  return Number.isInteger(n) && n >= 2 ? n : null;
}
