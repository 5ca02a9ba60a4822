/*
 * Product and collection fields of the local store beyond the site's own operations (store
 * work of issue 12): seo, timestamps, option values with firstSelectableVariant,
 * selectedOrFirstAvailableVariant, variantBySelectedOptions, adjacentVariants, the encoded
 * variant fields, and metafields (translation metafields among them). ./catalog.ts spreads
 * these into its product and collection nodes.
 */
import type { Locale } from '../../../i18n/locales.ts';
import { TRANSLATION_NAMESPACE, translationKeys } from '../translations.ts';
import type { FixtureCollection, FixtureProduct, FixtureVariant } from './types.ts';
import { encodeVariants } from './variant-encoding.ts';

type Args = Record<string, unknown>;
type Node = Record<string, unknown>;
type SelectedOption = { name: string; value: string };

const DAY = 86_400_000;
const EPOCH = Date.UTC(2025, 0, 6, 9, 0, 0);

/** A stable timestamp for fixture data without one (spread by id, in the past). */
export function derivedTimestamp(id: number, offsetDays = 0): string {
  return new Date(EPOCH + ((id * 7) % 300) * DAY + offsetDays * DAY).toISOString();
}

/** The language a field answers in: Shopify's own translation only when the store has one. */
export function textLocale(item: { translatedBy?: string }, lang: Locale): Locale {
  return item.translatedBy === 'metafields' || item.translatedBy === 'none' ? 'nl' : lang;
}

/** The item's metafields as "namespace.key" -> value, translation metafields included. */
function metafieldValues(item: FixtureProduct | FixtureCollection): Map<string, string> {
  const values = new Map<string, string>();
  if (item.translatedBy === 'metafields') {
    for (const lang of ['en', 'de'] as const) {
      const keys = translationKeys(lang);
      values.set(`${TRANSLATION_NAMESPACE}.${keys.title}`, item.title[lang]);
      values.set(`${TRANSLATION_NAMESPACE}.${keys.description}`, item.descriptionHtml[lang]);
    }
  }
  for (const [key, value] of Object.entries(item.metafields ?? {})) values.set(key, value);
  return values;
}

/** `metafield(namespace:, key:)` and `metafields(identifiers:)` as Shopify answers them. */
function metafieldFields(item: FixtureProduct | FixtureCollection, owner: () => Node, updatedAt: string) {
  const ownerType = 'options' in item ? 'Product' : 'Collection';
  const values = metafieldValues(item);
  const metafield = (namespace: string, key: string): Node | null => {
    const value = values.get(`${namespace}.${key}`);
    if (value === undefined) return null;
    return {
      __typename: 'Metafield',
      id: `gid://shopify/Metafield/${ownerType}${item.id}-${namespace}-${key}`,
      namespace,
      key,
      value,
      type: /<[a-z]/i.test(value) ? 'multi_line_text_field' : 'single_line_text_field',
      description: null,
      createdAt: updatedAt,
      updatedAt,
      reference: null,
      references: null,
      parentResource: owner,
    };
  };
  return {
    metafield: (args: Args) => metafield(String(args.namespace ?? '$app'), String(args.key)),
    metafields: (args: Args) =>
      ((args.identifiers ?? []) as { namespace?: string | null; key: string }[]).map((i) =>
        metafield(i.namespace ?? '$app', i.key),
      ),
  };
}

function sameText(a: string, b: string, caseInsensitive: boolean): boolean {
  return caseInsensitive ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** Product fields that depend on variants and options; `variantNode` renders a variant as ./catalog.ts does. */
export function productExtras(
  p: FixtureProduct,
  lang: Locale,
  variantNode: (v: FixtureVariant) => Node,
  self: () => Node,
): Record<string, unknown> {
  const createdAt = p.createdAt ?? derivedTimestamp(p.id);
  const updatedAt = productUpdatedAt(p);
  const options = p.options.length
    ? p.options.map((o) => ({
        name: o.name[lang],
        values: o.values.map((v) => ({ key: v.key, label: v.label[lang] })),
      }))
    : [{ name: 'Title', values: [{ key: '', label: 'Default Title' }] }];
  const indicesOf = (v: FixtureVariant) =>
    options.map((o, i) => (p.options.length ? o.values.findIndex((x) => x.key === v.options[i]) : 0));
  const selectedOf = (v: FixtureVariant): SelectedOption[] =>
    options.map((o, i) => ({ name: o.name, value: o.values[indicesOf(v)[i] as number]?.label ?? '' }));
  const firstAvailable = () => p.variants.find((v) => v.available) ?? p.variants[0];

  /** The variant matching every given option, or undefined; unknown option names per the flag. */
  function bySelected(args: Args): FixtureVariant | undefined {
    const wanted = (args.selectedOptions ?? []) as SelectedOption[];
    const caseInsensitive = args.caseInsensitiveMatch === true;
    const known = wanted.filter((w) => options.some((o) => sameText(o.name, w.name, caseInsensitive)));
    if (known.length < wanted.length && args.ignoreUnknownOptions !== true) return undefined;
    if (!known.length) return undefined;
    return p.variants.find((v) => {
      const selected = selectedOf(v);
      return known.every((w) =>
        selected.some(
          (s) => sameText(s.name, w.name, caseInsensitive) && sameText(s.value, w.value, caseInsensitive),
        ),
      );
    });
  }

  return {
    createdAt,
    updatedAt,
    publishedAt: createdAt,
    seo: { __typename: 'SEO', title: null, description: null },
    isGiftCard: false,
    requiresSellingPlan: false,
    totalInventory: null,
    trackingParameters: null,
    variantsCount: { __typename: 'Count', count: p.variants.length, precision: 'EXACT' },
    encodedVariantExistence: encodeVariants(p.variants.map(indicesOf)),
    encodedVariantAvailability: encodeVariants(p.variants.filter((v) => v.available).map(indicesOf)),
    options: (args: Args) =>
      options.slice(0, (args.first as number | null | undefined) ?? options.length).map((o, i) => ({
        __typename: 'ProductOption',
        id: `gid://shopify/ProductOption/${p.id}${i}`,
        name: o.name,
        values: o.values.map((v) => v.label),
        optionValues: o.values.map((value, j) => ({
          __typename: 'ProductOptionValue',
          id: `gid://shopify/ProductOptionValue/${p.id}${i}${j}`,
          name: value.label,
          // Colours and sizes have no swatch configured in this store.
          swatch: null,
          firstSelectableVariant: () => {
            const found = p.variants.find((v) => indicesOf(v)[i] === j);
            return found ? variantNode(found) : null;
          },
        })),
      })),
    variantBySelectedOptions: (args: Args) => {
      const found = bySelected(args);
      return found ? variantNode(found) : null;
    },
    selectedOrFirstAvailableVariant: (args: Args) => {
      const found = bySelected(args) ?? firstAvailable();
      return found ? variantNode(found) : null;
    },
    adjacentVariants: (args: Args) => {
      const base = bySelected(args) ?? firstAvailable();
      if (!base) return [];
      const baseIndices = indicesOf(base);
      return p.variants
        .filter((v) => indicesOf(v).filter((x, i) => x !== baseIndices[i]).length === 1)
        .sort((a, b) => a.id - b.id)
        .map(variantNode);
    },
    ...metafieldFields(p, self, updatedAt),
  };
}

/** A product's last change: the fixture's own or a stable one derived from its id. */
export const productUpdatedAt = (p: FixtureProduct): string => p.updatedAt ?? derivedTimestamp(p.id, 30);

/** A collection's last change: the fixture's own or a stable one derived from its id. */
export const collectionUpdatedAt = (c: FixtureCollection): string =>
  c.updatedAt ?? derivedTimestamp(c.id, 60);

/** Collection fields beyond the site's own: seo, updatedAt, metafields. */
export function collectionExtras(c: FixtureCollection, self: () => Node): Record<string, unknown> {
  const updatedAt = collectionUpdatedAt(c);
  return {
    updatedAt,
    seo: { __typename: 'SEO', title: null, description: null },
    onlineStoreUrl: null,
    trackingParameters: null,
    ...metafieldFields(c, self, updatedAt),
  };
}
