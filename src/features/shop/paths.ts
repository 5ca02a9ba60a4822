import { type Locale, localizePath } from '~/i18n/locales.ts';

/** Localized addresses of shop pages. */
export const shopPath = (lang: Locale) => localizePath('/shop', lang);
export const collectionPath = (handle: string, lang: Locale) =>
  localizePath(`/shop/collection/${handle}`, lang);
export const productPath = (handle: string, lang: Locale) => localizePath(`/product/${handle}`, lang);
