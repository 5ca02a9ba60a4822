import type { Locale } from '~/i18n/locales.ts';
import { t } from '~/i18n/t.ts';
import { formatMoney } from '~/lib/storefront/money.ts';
import type { ProductCard } from '~/lib/storefront/types.ts';
import { productPath } from '../paths.ts';

/** What the browser needs to draw one product card (the same fields ProductCard.astro shows). */
export type CardData = {
  url: string;
  /** For the card's quick-add button. */
  handle: string;
  title: string;
  price: string;
  soldOut: boolean;
  image: { url: string; width: number; height: number } | null;
};

/** A product card's display data in a language: address, title, formatted price ("From …"), sold out. */
export function cardData(product: ProductCard, lang: Locale): CardData {
  const { min, max } = product.priceRange;
  return {
    url: productPath(product.handle, lang),
    handle: product.handle,
    title: product.title,
    price:
      min.amount === max.amount
        ? formatMoney(min, lang)
        : t(lang, 'shop.from', { price: formatMoney(min, lang) }),
    soldOut: !product.availableForSale,
    image: product.image
      ? { url: product.image.url, width: product.image.width ?? 600, height: product.image.height ?? 600 }
      : null,
  };
}
