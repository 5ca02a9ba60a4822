import { type NewLine, SYNTHETIC_VARIANT_MARKER } from '~/features/cart/index.ts';
import type { Product, ProductOption, Variant } from '~/lib/storefront/types.ts';

/*
 * Option detection of SPEC.md section 5: size and colour selectors are found by option name,
 * and clothing is recognised by product type or tag words. German names (Größe, Farbe) are
 * matched as well, because the storefront answers German option names for the de site.
 */

const SIZE_WORDS = ['size', 'maat', 'größe', 'grösse', 'groesse'];
const COLOUR_WORDS = ['color', 'colour', 'kleur', 'farbe'];
const CLOTHING_WORDS = ['clothing', 'apparel', 'shirt', 'hoodie', 'jacket', 'pants', 'dress', 'wear'];

const includesAny = (text: string, words: readonly string[]) => {
  const lower = text.toLowerCase();
  return words.some((w) => lower.includes(w));
};

/** Whether an option name denotes a size (size, maat, Größe). */
export const isSizeOption = (name: string) => includesAny(name, SIZE_WORDS);
/** Whether an option name denotes a colour (color, colour, kleur, Farbe). */
export const isColourOption = (name: string) => includesAny(name, COLOUR_WORDS);

/** Whether a product is clothing by its product type or a tag word. */
export function isClothing(product: Pick<Product, 'productType' | 'tags'>): boolean {
  return (
    includesAny(product.productType, CLOTHING_WORDS) ||
    product.tags.some((t) => includesAny(t, CLOTHING_WORDS))
  );
}

type SelectorKind = 'size' | 'colour' | 'other';
export type ProductSelectors =
  | { mode: 'none' }
  | { mode: 'options'; options: (ProductOption & { kind: SelectorKind })[] }
  | { mode: 'list' };

/**
 * How a product page lets a person choose: nothing for a single default variant, option selectors
 * (size, colour, ...) for clothing, and a plain variant list for everything else.
 */
export function selectorsFor(
  product: Pick<Product, 'productType' | 'tags' | 'options' | 'variants'>,
): ProductSelectors {
  if (product.variants.length <= 1) return { mode: 'none' };
  if (isClothing(product) && product.options.some((o) => isSizeOption(o.name) || isColourOption(o.name))) {
    return {
      mode: 'options',
      options: product.options.map((o) => ({
        ...o,
        kind: isSizeOption(o.name) ? 'size' : isColourOption(o.name) ? 'colour' : 'other',
      })),
    };
  }
  return { mode: 'list' };
}

/** Whether a variant may go into the cart: it has an id, is not synthetic, and is for sale. */
export function isAddable(variant: Pick<Variant, 'id' | 'availableForSale'> | null | undefined): boolean {
  return !!variant?.id && !variant.id.includes(SYNTHETIC_VARIANT_MARKER) && variant.availableForSale;
}

/** The variant whose selected options equal the given choice, if any. */
export function findVariant<V extends Pick<Variant, 'selectedOptions'>>(
  variants: readonly V[],
  choice: Readonly<Record<string, string>>,
): V | undefined {
  return variants.find((v) => v.selectedOptions.every((o) => choice[o.name] === o.value));
}

type LineProduct = { id: string; handle: string; title: string };
type LineVariant = { id: string; title: string; price: number; available: boolean; image: string | null };

/** The cart line for a chosen variant of a product (product form and quick add alike). */
export function cartLineFor(
  product: LineProduct,
  variant: LineVariant,
  quantity: number,
  fallbackImage: string | null,
): NewLine {
  return {
    variantId: variant.id,
    productId: product.id,
    handle: product.handle,
    title: product.title,
    variantTitle: variant.title,
    price: variant.price,
    quantity,
    image: variant.image ?? fallbackImage,
    available: variant.available,
  };
}
