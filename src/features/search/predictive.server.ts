import { articlePath, isSiteBlog } from '~/features/blog/index.ts';
import { collectionPath, productPath } from '~/features/shop/index.ts';
import { type Locale, localizePath } from '~/i18n/locales.ts';
import { t } from '~/i18n/t.ts';
import { storefrontRequest } from '~/lib/storefront/client.ts';
import { formatMoney } from '~/lib/storefront/money.ts';
import { PREDICTIVE_SEARCH_QUERY } from '~/lib/storefront/operations/search.ts';
import { applyTranslations, type RawTranslations } from '~/lib/storefront/translations.ts';
import type { Image, Money } from '~/lib/storefront/types.ts';
import { searchPath } from './paths.ts';

type Raw = {
  predictiveSearch: {
    queries: { text: string; styledText: string }[];
    products: (RawTranslations & {
      handle: string;
      title: string;
      availableForSale: boolean;
      featuredImage: Image | null;
      priceRange: { minVariantPrice: Money; maxVariantPrice: Money };
    })[];
    collections: (RawTranslations & { handle: string; title: string; image: Image | null })[];
    articles: { handle: string; title: string; blog: { handle: string } }[];
  } | null;
};

type Thumb = { url: string; width: number | null; height: number | null } | null;

/** What the header's search field shows: ready-made links, prices formatted for the language. */
export type PredictiveAnswer = {
  queries: { text: string; url: string }[];
  products: { title: string; url: string; image: Thumb; price: string; soldOut: boolean }[];
  collections: { title: string; url: string; image: Thumb }[];
  articles: { title: string; url: string }[];
};

const thumb = (image: Image | null): Thumb =>
  image ? { url: image.url, width: image.width, height: image.height } : null;

/** Runs the predictive search and shapes its answer for the browser. */
export async function predictiveSearch(q: string, lang: Locale, limit = 6): Promise<PredictiveAnswer> {
  const data = await storefrontRequest<Raw>(PREDICTIVE_SEARCH_QUERY, { query: q, limit }, { language: lang });
  const found = data.predictiveSearch;
  if (!found) return { queries: [], products: [], collections: [], articles: [] };
  return {
    queries: found.queries.map((s) => ({ text: s.text, url: searchPath(lang, s.text) })),
    products: found.products.map((raw) => {
      const p = applyTranslations(raw, lang);
      const { minVariantPrice: min, maxVariantPrice: max } = p.priceRange;
      const price =
        min.amount === max.amount
          ? formatMoney(min, lang)
          : t(lang, 'shop.from', { price: formatMoney(min, lang) });
      return {
        title: p.title,
        url: productPath(p.handle, lang),
        image: thumb(p.featuredImage),
        price,
        soldOut: !p.availableForSale,
      };
    }),
    collections: found.collections
      .map((raw) => applyTranslations(raw, lang))
      .map((c) => ({
        title: c.title,
        url: collectionPath(c.handle, lang),
        image: thumb(c.image),
      })),
    articles: found.articles
      .filter((a) => isSiteBlog(a.blog.handle))
      .map((a) => ({ title: a.title, url: localizePath(articlePath(a.blog.handle, a.handle), lang) })),
  };
}
