import type { Locale } from '../../../i18n/locales.ts';

/** A text in every site language. */
export type LocalText = Record<Locale, string>;

/** How the image generator draws a picture (see ./art.ts). */
export type Art =
  | {
      kind: 'digital';
      symbol: 'trinity' | 'globe' | 'flower' | 'eye' | 'spiral' | 'infinity' | 'heart';
      hue: number;
    }
  | {
      kind: 'garment';
      garment: 'hoodie' | 'shirt' | 'longsleeve' | 'joggers' | 'jacket';
      colour: string;
      view: 'front' | 'back' | 'detail';
    }
  | { kind: 'merch'; item: 'mug' | 'poster' | 'tote' | 'cushion'; colour: string; variant?: number }
  | { kind: 'banner'; theme: 'digital' | 'clothing' | 'merch' };

export type FixtureImage = { file: string; alt: LocalText; width: number; height: number; art: Art };

export type FixtureOption = { name: LocalText; values: { key: string; label: LocalText }[] };

export type FixtureVariant = {
  id: number;
  /** One value key per product option, in option order. */
  options: string[];
  price: string;
  available: boolean;
  /** File of the product image that shows this variant. */
  image?: string;
};

export type FixtureProduct = {
  id: number;
  handle: string;
  title: LocalText;
  descriptionHtml: LocalText;
  vendor: string;
  productType: string;
  tags: string[];
  options: FixtureOption[];
  variants: FixtureVariant[];
  images: FixtureImage[];
  /**
   * How the en/de texts reach a storefront (the original is nl, the shop's primary language):
   * 'context' (default) Shopify's own translations, answered under @inContext(language:);
   * 'metafields' only the translation metafields (translations.title_<lang>,
   * translations.description_<lang>), @inContext answers the nl original; 'none' the original only.
   */
  translatedBy?: 'context' | 'metafields' | 'none';
  /** Extra metafields as "namespace.key" -> value; they win over derived translation metafields. */
  metafields?: Record<string, string>;
  /** ISO timestamps; derived from the id when absent. */
  createdAt?: string;
  updatedAt?: string;
};

export type FixtureCollection = {
  id: number;
  handle: string;
  title: LocalText;
  descriptionHtml: LocalText;
  image: FixtureImage;
  products: string[];
  /** As FixtureProduct.translatedBy / metafields. */
  translatedBy?: 'context' | 'metafields' | 'none';
  metafields?: Record<string, string>;
  updatedAt?: string;
};

export type Catalog = { products: FixtureProduct[]; collections: FixtureCollection[] };
