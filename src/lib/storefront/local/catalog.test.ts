import { describe, expect, it } from 'vitest';
import { locales } from '~/i18n/locales.ts';
import {
  getCollectionByHandle,
  getCollections,
  getProductByHandle,
  getProducts,
  getVariants,
} from '../fetchers.ts';
import { fixtureCatalog } from './fixtures.ts';
import { largeCatalog } from './generate-catalog.ts';

const DIGITAL = [
  'trinity-transformatie',
  'the-real-world',
  'the-truth-that-sets-free',
  'eenheid-ontsluierd',
  'lightbody-mastery',
  'universal-god-interface',
  'universal-health-interface',
];

describe('local catalog', () => {
  it('has the seven digital products in nl, en and de', async () => {
    const digital = await getCollectionByHandle('digitale-producten', 'de');
    expect(digital?.products.map((p) => p.handle).sort()).toEqual([...DIGITAL].sort());
    const titles = await Promise.all(locales.map((l) => getProductByHandle('eenheid-ontsluierd', l)));
    expect(titles.map((p) => p?.title)).toEqual(['Eenheid Ontsluierd', 'Unity Unveiled', 'Einheit enthüllt']);
  });

  it('has the three collections with images and HTML descriptions', async () => {
    const collections = await getCollections('nl');
    expect(collections.map((c) => c.handle)).toEqual([
      'digitale-producten',
      'alle-kleding',
      'andere-merchandise',
    ]);
    for (const c of collections) {
      expect(c.image?.url).toMatch(/^\/catalog\/.+\.webp$/);
      expect(c.descriptionHtml).toMatch(/^<p>/);
      expect(c.products.length).toBeGreaterThan(0);
    }
  });

  it('has clothing with localized size and colour options and sold-out variants, in EUR', async () => {
    const hoodie = await getProductByHandle('chosen-ones-hoodie', 'de');
    expect(hoodie?.options.map((o) => o.name)).toEqual(['Größe', 'Farbe']);
    expect(hoodie?.variants.some((v) => !v.availableForSale)).toBe(true);
    expect(hoodie?.variants.every((v) => v.price.currencyCode === 'EUR')).toBe(true);
    expect(hoodie?.images.length).toBeGreaterThan(6);
    const jacket = await getProductByHandle('trinity-jack', 'en');
    expect(jacket?.availableForSale).toBe(false);
  });

  it('lists all products, searches them and answers unknown handles with null', async () => {
    expect(await getProducts('nl')).toHaveLength(fixtureCatalog.products.length);
    expect((await getProducts('en', 'tag:digital')).length).toBe(7);
    expect(await getProductByHandle('does-not-exist', 'nl')).toBeNull();
    expect(await getCollectionByHandle('does-not-exist', 'nl')).toBeNull();
  });

  it('finds variants by id for the demo checkout', async () => {
    const [found, missing] = await getVariants(
      ['gid://shopify/ProductVariant/50001', 'gid://shopify/ProductVariant/1'],
      'nl',
    );
    expect(found?.product.title).toBe('Eenheid Mok');
    expect(missing).toBeNull();
  });

  it('every fixture image exists in public/catalog', async () => {
    const { existsSync } = await import('node:fs');
    const files = [
      ...fixtureCatalog.products.flatMap((p) => p.images),
      ...fixtureCatalog.collections.map((c) => c.image),
    ];
    expect(files.filter((i) => !existsSync(`public/catalog/${i.file}`)).map((i) => i.file)).toEqual([]);
  });

  it('generates a large catalog with unique handles and variant ids', () => {
    const big = largeCatalog(2000);
    expect(big.products).toHaveLength(2000);
    expect(new Set(big.products.map((p) => p.handle)).size).toBe(2000);
    const ids = big.products.flatMap((p) => p.variants.map((v) => v.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(big.collections.reduce((n, c) => n + c.products.length, 0)).toBe(2000);
  });
});
