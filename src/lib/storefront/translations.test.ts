import { execute, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { clearStorefrontCache, getCollections, getProductByHandle, getVariants } from './fetchers.ts';
import { createCatalogRoot } from './local/catalog.ts';
import { shopifyFieldResolver } from './local/defaults.ts';
import { fixtureCatalog } from './local/fixtures.ts';
import { storefrontSchema } from './local/schema.ts';
import type { Catalog, FixtureProduct } from './local/types.ts';
import { COLLECTION_BY_HANDLE_QUERY, PRODUCT_BY_HANDLE_QUERY } from './operations/products.ts';
import { reshapeCollection, reshapeProduct } from './reshape.ts';
import { applyTranslations } from './translations.ts';
import type { RawCollection, RawProduct } from './types.ts';

/*
 * Item 6 of issue 12: a text in a language comes from the translation metafield, else Shopify's
 * own translation (@inContext), else the original (nl).
 */
const base = fixtureCatalog.products.find((p) => p.handle === 'eenheid-t-shirt') as FixtureProduct;
const product = (id: number, handle: string, extra: Partial<FixtureProduct>): FixtureProduct => ({
  ...base,
  id,
  handle,
  title: { nl: `${handle} nl`, en: `${handle} en`, de: `${handle} de` },
  descriptionHtml: {
    nl: `<p>${handle} beschrijving</p>`,
    en: `<p>${handle} description</p>`,
    de: `<p>${handle} Beschreibung</p>`,
  },
  ...extra,
});
const catalog: Catalog = {
  products: [
    product(1, 'by-metafields', { translatedBy: 'metafields' }),
    product(2, 'by-shopify', {}),
    product(3, 'original-only', { translatedBy: 'none' }),
    product(4, 'both', { metafields: { 'translations.title_en': 'both from the metafield' } }),
  ],
  collections: [
    {
      ...(fixtureCatalog.collections[0] as Catalog['collections'][number]),
      id: 9,
      handle: 'translated-collection',
      title: { nl: 'Collectie', en: 'Collection', de: 'Sammlung' },
      translatedBy: 'metafields',
      products: ['by-shopify'],
    },
  ],
};

async function fetchProduct(handle: string, language: 'NL' | 'EN' | 'DE'): Promise<RawProduct> {
  const result = await execute({
    schema: storefrontSchema(),
    document: parse(PRODUCT_BY_HANDLE_QUERY),
    rootValue: createCatalogRoot(catalog),
    variableValues: { handle, language, country: 'NL' },
    fieldResolver: shopifyFieldResolver,
  });
  expect(result.errors).toBeUndefined();
  return (result.data as { product: RawProduct }).product;
}

describe('translation preference: metafield, then Shopify translation, then original', () => {
  it('takes the metafield when Shopify itself answers the original', async () => {
    const raw = await fetchProduct('by-metafields', 'EN');
    expect(raw.title).toBe('by-metafields nl');
    const shown = reshapeProduct(raw, 'en');
    expect(shown.title).toBe('by-metafields en');
    expect(shown.descriptionHtml).toBe('<p>by-metafields description</p>');
    expect(shown.description).toBe('by-metafields description');
    expect(reshapeProduct(await fetchProduct('by-metafields', 'DE'), 'de').title).toBe('by-metafields de');
  });

  it("takes Shopify's translation when there is no metafield", async () => {
    const shown = reshapeProduct(await fetchProduct('by-shopify', 'DE'), 'de');
    expect(shown.title).toBe('by-shopify de');
    expect(shown.description).toBe('by-shopify Beschreibung');
  });

  it('keeps the original when there is neither', async () => {
    const shown = reshapeProduct(await fetchProduct('original-only', 'EN'), 'en');
    expect(shown.title).toBe('original-only nl');
    expect(shown.descriptionHtml).toBe('<p>original-only beschrijving</p>');
  });

  it('prefers the metafield over a Shopify translation, field by field', async () => {
    const shown = reshapeProduct(await fetchProduct('both', 'EN'), 'en');
    expect(shown.title).toBe('both from the metafield');
    expect(shown.descriptionHtml).toBe('<p>both description</p>');
    // Another language without a metafield falls back to Shopify's translation.
    expect(reshapeProduct(await fetchProduct('both', 'DE'), 'de').title).toBe('both de');
  });

  it('ignores empty metafields and wraps plain-text descriptions', () => {
    const raw = {
      title: 'Origineel',
      description: 'Tekst',
      descriptionHtml: '<p>Tekst</p>',
      translations: [{ key: 'title_en', value: '  ' }, { key: 'description_en', value: 'Plain text' }, null],
    };
    expect(applyTranslations(raw, 'en')).toEqual({
      title: 'Origineel',
      description: 'Plain text',
      descriptionHtml: '<p>Plain text</p>',
    });
    expect(applyTranslations(raw, undefined)).not.toHaveProperty('translations');
  });
});

describe('collections', () => {
  it('take their translation metafields too, and so do their product cards', async () => {
    const result = await execute({
      schema: storefrontSchema(),
      document: parse(COLLECTION_BY_HANDLE_QUERY),
      rootValue: createCatalogRoot(catalog),
      variableValues: { handle: 'translated-collection', first: 5, language: 'DE', country: 'DE' },
      fieldResolver: shopifyFieldResolver,
    });
    expect(result.errors).toBeUndefined();
    const raw = (result.data as { collection: RawCollection }).collection;
    expect(raw.title).toBe('Collectie');
    const shown = reshapeCollection(raw, 'de');
    expect(shown.title).toBe('Sammlung');
    expect(shown.products.map((p) => p.title)).toEqual(['by-shopify de']);
  });
});

describe('the local catalog models both ways', () => {
  it('shows metafield-translated digital products and Shopify-translated clothing in English', async () => {
    clearStorefrontCache();
    expect(fixtureCatalog.products.find((p) => p.handle === 'trinity-transformatie')?.translatedBy).toBe(
      'metafields',
    );
    const digital = await getProductByHandle('trinity-transformatie', 'en');
    expect(digital?.title).toBe('Trinity Transformation');
    const hoodie = await getProductByHandle('chosen-ones-hoodie', 'de');
    expect(hoodie?.description).toContain('Bio-Baumwolle');
    const collections = await getCollections('de');
    const titles = collections.flatMap((c) => c.products.map((p) => p.title));
    expect(titles).toContain('Trinity-Transformation');
    expect(titles).not.toContain('Trinity Transformatie');
  });
});

describe('variants with their product (demo checkout, cart checks)', () => {
  it('carry the translated product title', async () => {
    clearStorefrontCache();
    const digital = fixtureCatalog.products.find((p) => p.handle === 'the-real-world') as FixtureProduct;
    const [variant] = await getVariants([`gid://shopify/ProductVariant/${digital.variants[0]?.id}`], 'en');
    expect(variant?.product.title).toBe(digital.title.en);
    expect(digital.title.en).not.toBe(digital.title.nl);
  });
});
