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
};

export type FixtureCollection = {
  id: number;
  handle: string;
  title: LocalText;
  descriptionHtml: LocalText;
  image: FixtureImage;
  products: string[];
};

export type Catalog = { products: FixtureProduct[]; collections: FixtureCollection[] };
