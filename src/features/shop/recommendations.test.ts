import { describe, expect, it, vi } from 'vitest';
import { locales } from '~/i18n/locales.ts';
import { storefrontRequest } from '~/lib/storefront/client.ts';
import { getProducts } from '~/lib/storefront/index.ts';
import { PRODUCT_RECOMMENDATIONS_QUERY } from '~/lib/storefront/operations/fresh.ts';
import { reshapeProductCard } from '~/lib/storefront/reshape.ts';
import type { RawProductCard } from '~/lib/storefront/types.ts';
import { getRecommendations } from './recommendations.ts';

// The listing of every product can be made to lack some (a product not in it yet).
const lacking = vi.hoisted(() => new Set<string>());
vi.mock('~/lib/storefront/index.ts', async (original) => {
  const actual = await original<typeof import('~/lib/storefront/index.ts')>();
  return {
    ...actual,
    getProducts: async (...args: Parameters<typeof actual.getProducts>) =>
      (await actual.getProducts(...args)).filter((card) => !lacking.has(card.handle)),
  };
});

/** The cards as the page had them before: the recommendations asked for with their cards. */
async function withTheirCards(handle: string, language: (typeof locales)[number]) {
  const data = await storefrontRequest<{ productRecommendations: RawProductCard[] | null }>(
    PRODUCT_RECOMMENDATIONS_QUERY,
    { handle },
    { language },
  );
  return (data.productRecommendations ?? [])
    .filter((p) => p.handle !== handle)
    .slice(0, 4)
    .map((p) => reshapeProductCard(p, language));
}

describe('getRecommendations', () => {
  it('gives every product page the cards Shopify’s recommendations carry, in every language', async () => {
    const handles = (await getProducts('nl')).map((p) => p.handle);
    expect(handles.length).toBeGreaterThan(5);
    let shown = 0;
    for (const language of locales) {
      for (const handle of handles) {
        const cards = await getRecommendations(handle, language);
        // Same cards, same fields in the same order: the pages come out byte for byte the same.
        expect(JSON.stringify(cards), `${handle} in ${language}`).toBe(
          JSON.stringify(await withTheirCards(handle, language)),
        );
        shown += cards.length;
      }
    }
    expect(shown).toBeGreaterThan(0);
  });

  it('asks for the cards themselves when the listing lacks a recommended product', async () => {
    const handles = (await getProducts('de')).map((p) => p.handle);
    const withSome = [];
    for (const handle of handles) {
      const expected = await withTheirCards(handle, 'de');
      if (expected.length) withSome.push({ handle, expected });
    }
    const first = withSome[0];
    if (!first) throw new Error('the fixture catalog recommends nothing');
    lacking.add(first.expected[0]?.handle ?? '');
    try {
      // A module of its own: the one above keeps the listing it read.
      vi.resetModules();
      const fresh = await import('./recommendations.ts');
      const cards = await fresh.getRecommendations(first.handle, 'de');
      expect(cards.map((c) => c.handle)).toEqual(first.expected.map((c) => c.handle));
    } finally {
      lacking.clear();
    }
  });
});
