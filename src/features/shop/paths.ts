import { type Locale, localizePath } from '~/i18n/locales.ts';
import { numericId } from '~/lib/storefront/permalink.ts';

/** Localized addresses of shop pages. */
export const shopPath = (lang: Locale) => localizePath('/shop', lang);
export const collectionPath = (handle: string, lang: Locale) =>
  localizePath(`/shop/collection/${handle}`, lang);
export const productPath = (handle: string, lang: Locale) => localizePath(`/product/${handle}`, lang);
/** The second product page variant, addressed by the product's numeric id. */
export const productByIdPath = (productId: string, lang: Locale) =>
  localizePath(`/products/${numericId(productId)}`, lang);
