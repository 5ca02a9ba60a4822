import type { RawTranslations } from './translations.ts';

/*
 * Plain shapes handed to components: no `edges`/`nodes`, no GraphQL details. Raw* types describe
 * what the operations in ./operations/ return.
 */

export type Money = { amount: string; currencyCode: string };
export type Image = { url: string; altText: string | null; width: number | null; height: number | null };
type SelectedOption = { name: string; value: string };

export type Variant = {
  id: string;
  title: string;
  availableForSale: boolean;
  price: Money;
  selectedOptions: SelectedOption[];
  image: Image | null;
};

export type ProductOption = { name: string; values: string[] };

export type ProductCard = {
  id: string;
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  tags: string[];
  availableForSale: boolean;
  priceRange: { min: Money; max: Money };
  image: Image | null;
  firstVariant: Variant | null;
};

export type Product = Omit<ProductCard, 'image' | 'firstVariant'> & {
  description: string;
  descriptionHtml: string;
  onlineStoreUrl: string | null;
  options: ProductOption[];
  images: Image[];
  variants: Variant[];
};

export type Collection = {
  id: string;
  handle: string;
  title: string;
  description: string;
  descriptionHtml: string;
  image: Image | null;
  products: ProductCard[];
};

export type Nodes<T> = { nodes: T[] };
export type PageInfo = { hasNextPage: boolean; endCursor: string | null };

export type RawProductCard = Omit<ProductCard, 'priceRange' | 'image' | 'firstVariant'> &
  RawTranslations & {
    priceRange: { minVariantPrice: Money; maxVariantPrice: Money };
    featuredImage: Image | null;
    variants: Nodes<Variant>;
  };

export type RawProduct = Omit<Product, 'priceRange' | 'options' | 'images' | 'variants'> &
  RawTranslations & {
    priceRange: { minVariantPrice: Money; maxVariantPrice: Money };
    options: { name: string; optionValues: { name: string }[] }[];
    images: Nodes<Image>;
    variants: Nodes<Variant>;
  };

export type RawCollection = Omit<Collection, 'products'> &
  RawTranslations & {
    products: Nodes<RawProductCard> & { pageInfo?: PageInfo };
  };

export type CartUserError = { code: string | null; field: string[] | null; message: string };
