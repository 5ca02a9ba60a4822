import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRESH_VARIANTS_QUERY, PRODUCT_RECOMMENDATIONS_QUERY } from '../operations/fresh.ts';
import { largeCatalog } from './generate-catalog.ts';
import { localRequest } from './index.ts';
import { createExtrasRoot } from './node-extras.ts';
import { parseOverrides } from './overrides.ts';
import type { Catalog, FixtureProduct } from './types.ts';

const MUG = 'gid://shopify/ProductVariant/50001';
const TOTE = 'gid://shopify/ProductVariant/50021';

type FreshNode = { id: string; availableForSale: boolean; price: { amount: string } } | null;
const fresh = async (ids: string[]) =>
  (await localRequest<{ nodes: FreshNode[] }>(FRESH_VARIANTS_QUERY, { ids, language: 'NL' })).nodes;

describe('local store: nodes with run-time overrides', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'overrides-'));
    vi.stubEnv('LOCAL_CATALOG_OVERRIDES_DIR', dir);
    vi.stubEnv('NETLIFY', '');
    vi.stubEnv('CONTEXT', '');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers variants as the catalog has them, null for unknown ids and non-variants as empty', async () => {
    const nodes = await fresh([MUG, 'gid://shopify/ProductVariant/1', 'gid://shopify/Product/30101']);
    expect(nodes[0]).toEqual({
      id: MUG,
      availableForSale: true,
      price: { amount: '16.00', currencyCode: 'EUR' },
    });
    expect(nodes[1]).toBeNull();
    expect(nodes[2]).toEqual({});
  });

  it('applies an override file written while the server runs, and forgets it when removed', async () => {
    writeFileSync(
      join(dir, 'a.json'),
      JSON.stringify({ [MUG]: { available: false }, [TOTE]: { price: '21.50' } }),
    );
    const [mug, tote] = await fresh([MUG, TOTE]);
    expect(mug?.availableForSale).toBe(false);
    expect(tote).toMatchObject({ availableForSale: true, price: { amount: '21.50' } });
    rmSync(join(dir, 'a.json'));
    expect((await fresh([MUG]))[0]?.availableForSale).toBe(true);
  });

  it('ignores overrides on Netlify, so production can never use them', async () => {
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ [MUG]: { available: false } }));
    vi.stubEnv('NETLIFY', 'true');
    expect((await fresh([MUG]))[0]?.availableForSale).toBe(true);
  });

  it('a sold-out override also stops cartCreate', async () => {
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ [MUG]: { available: false } }));
    const data = await localRequest<{ cartCreate: { userErrors: { code: string }[] } }>(
      'mutation { cartCreate(input: { lines: [{ merchandiseId: "gid://shopify/ProductVariant/50001" }] }) { userErrors { code } } }',
      {},
    );
    expect(data.cartCreate.userErrors).toEqual([{ code: 'MERCHANDISE_NOT_APPLICABLE' }]);
  });

  it('skips malformed override entries', () => {
    expect(parseOverrides('not json').size).toBe(0);
    const parsed = parseOverrides(
      JSON.stringify({ [MUG]: { price: 'free', available: 'no' }, x: { available: false } }),
    );
    expect([...parsed]).toEqual([[MUG, {}]]);
  });
});

describe('local store: productRecommendations', () => {
  type Rec = { handle: string; title: string; availableForSale: boolean }[] | null;
  const recs = async (handle: string, language = 'EN') =>
    (await localRequest<{ productRecommendations: Rec }>(PRODUCT_RECOMMENDATIONS_QUERY, { handle, language }))
      .productRecommendations;

  it('recommends other products from the same collection, for sale, in the language', async () => {
    const list = await recs('eenheid-mok', 'DE');
    expect(list?.map((p) => p.handle)).toEqual(['zeven-zegels-poster', 'chosen-ones-tas', 'meditatiekussen']);
    expect(list?.every((p) => p.availableForSale)).toBe(true);
    expect(list?.[2]?.title).toBe('Meditationskissen');
  });

  it('leaves out the product itself and sold-out products, and answers null for an unknown product', async () => {
    const list = await recs('chosen-ones-hoodie');
    expect(list?.map((p) => p.handle)).not.toContain('chosen-ones-hoodie');
    // The trinity jack has no variant for sale.
    expect(list?.map((p) => p.handle)).not.toContain('trinity-jack');
    expect(await recs('does-not-exist')).toBeNull();
  });

  it('answers by product id and with the COMPLEMENTARY intent as other storefronts ask', async () => {
    const data = await localRequest<{ productRecommendations: { handle: string }[] }>(
      `query { productRecommendations(productId: "gid://shopify/Product/30101", intent: COMPLEMENTARY) { handle } }`,
      {},
    );
    expect(data.productRecommendations.length).toBeGreaterThan(0);
    expect(data.productRecommendations.map((p) => p.handle)).not.toContain('zeven-zegels-poster');
  });
});

describe('local store: productRecommendations in a large catalog', () => {
  /** The rule as written down, one full filter at a time (what the one-pass version must answer). */
  function expected(catalog: Catalog, product: FixtureProduct, intent: string): string[] {
    const same = new Set(
      catalog.collections.filter((c) => c.products.includes(product.handle)).flatMap((c) => c.products),
    );
    const forSale = (p: FixtureProduct) => p.handle !== product.handle && p.variants.some((v) => v.available);
    const pick =
      intent === 'COMPLEMENTARY'
        ? catalog.products.filter((p) => forSale(p) && !same.has(p.handle))
        : [
            ...catalog.products.filter((p) => forSale(p) && same.has(p.handle)),
            ...catalog.products.filter(
              (p) => forSale(p) && !same.has(p.handle) && p.productType === product.productType,
            ),
          ];
    return pick.slice(0, 10).map((p) => p.handle);
  }

  it('answers for every product and both intents what the rule gives, in catalog order', () => {
    const catalog = largeCatalog(300);
    const root = createExtrasRoot(catalog, { node: () => null, product: (args) => args.handle });
    const ask = root.productRecommendations as (
      args: Record<string, unknown>,
      c: unknown,
      i: never,
    ) => unknown;
    for (const product of catalog.products) {
      for (const intent of ['RELATED', 'COMPLEMENTARY']) {
        expect(
          ask({ productHandle: product.handle, intent }, undefined, undefined as never),
          product.handle,
        ).toEqual(expected(catalog, product, intent));
      }
    }
  });
});
