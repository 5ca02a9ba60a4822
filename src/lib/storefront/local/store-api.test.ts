import { decodeEncodedVariant } from '@shopify/hydrogen-react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_API_VERSION } from '../version.ts';
import { answerGraphQL, LOCAL_STOREFRONT_TOKEN, type LocalStore, startLocalStore } from './server.ts';
import {
  COLLECTION_QUERY,
  COLLECTIONS_QUERY,
  FOOTER_QUERY,
  HEADER_QUERY,
  PAGE_QUERY,
  POLICY_CONTENT_QUERY,
  PRODUCT_QUERY,
} from './testing/hydrogen-skeleton.ts';

/*
 * The local store answers operations as Hydrogen's skeleton storefront writes them, in-process
 * and over HTTP (a raw POST as curl sends it) with the same answer.
 */
const PORT = 21610;
let store: LocalStore;
beforeAll(async () => {
  store = await startLocalStore({ port: PORT });
});
afterAll(() => store.close());

// biome-ignore lint/suspicious/noExplicitAny: answers of arbitrary operations, read as JSON
type Json = Record<string, any>;
const context = {
  nl: { language: 'NL', country: 'NL' },
  en: { language: 'EN', country: 'US' },
  de: { language: 'DE', country: 'DE' },
};

/** Runs an operation in-process and over HTTP, checks both agree and have no errors, returns data. */
async function both(query: string, variables: Json = {}): Promise<Json> {
  const local = await answerGraphQL({ query, variables });
  const response = await fetch(`${store.url}/api/${STOREFRONT_API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-storefront-access-token': LOCAL_STOREFRONT_TOKEN,
    },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  const remote = (await response.json()) as Json;
  expect(remote).toEqual(JSON.parse(JSON.stringify(local.body)));
  expect(remote.errors).toBeUndefined();
  return remote.data;
}

describe("Hydrogen skeleton's product page query", () => {
  const run = (lang: keyof typeof context, selectedOptions: { name: string; value: string }[]) =>
    both(PRODUCT_QUERY, { ...context[lang], handle: 'chosen-ones-hoodie', selectedOptions });

  it('picks the selected variant, its adjacent variants and option values with their first variant', async () => {
    const { product } = await run('en', [
      { name: 'size', value: 'm' },
      { name: 'color', value: 'cream' },
      { name: 'Gift wrap', value: 'yes' },
    ]);
    // caseInsensitiveMatch and ignoreUnknownOptions as the skeleton asks.
    expect(product.selectedOrFirstAvailableVariant.title).toBe('M / Cream');
    expect(product.selectedOrFirstAvailableVariant.product).toEqual({
      title: 'Chosen Ones Hoodie',
      handle: 'chosen-ones-hoodie',
    });
    // adjacentVariants matches exactly (no flags here), so it starts from the first available S / Black.
    const titles = (list: Json[]) => list.map((v) => v.title).sort();
    expect(titles(product.adjacentVariants)).toEqual(
      ['S / Midnight blue', 'S / Cream', 'M / Black', 'L / Black', 'XL / Black'].sort(),
    );
    const exact = await run('en', [
      { name: 'Size', value: 'M' },
      { name: 'Color', value: 'Cream' },
    ]);
    expect(titles(exact.product.adjacentVariants)).toEqual(
      ['S / Cream', 'L / Cream', 'XL / Cream', 'M / Black', 'M / Midnight blue'].sort(),
    );
    expect(product.options.map((o: Json) => o.name)).toEqual(['Size', 'Color']);
    const cream = product.options[1].optionValues.find((v: Json) => v.name === 'Cream');
    expect(cream.firstSelectableVariant.title).toBe('S / Cream');
    expect(product.seo).toEqual({ title: null, description: null });
  });

  it('falls back to the first available variant and encodes existence and availability', async () => {
    const { product } = await run('nl', [{ name: 'Maat', value: 'XXL' }]);
    expect(product.selectedOrFirstAvailableVariant.title).toBe('S / Zwart');
    const existence = decodeEncodedVariant(product.encodedVariantExistence);
    const availability = decodeEncodedVariant(product.encodedVariantAvailability);
    expect(existence).toHaveLength(12);
    // XL/black (size 3, colour 0) and S/cream (size 0, colour 2) are sold out.
    expect(availability).toHaveLength(10);
    expect(availability).not.toContainEqual([3, 0]);
    expect(availability).not.toContainEqual([0, 2]);
    expect(existence).toContainEqual([3, 0]);
  });

  it('answers in the shop language nl without @inContext, and in German when asked', async () => {
    const plain = await both('{ product(handle: "chosen-ones-hoodie") { options { name } } }');
    expect(plain.product.options.map((o: Json) => o.name)).toEqual(['Maat', 'Kleur']);
    // A language the shop does not offer answers the primary language, as Shopify does.
    const french = await both(
      'query @inContext(language: FR, country: BE) { product(handle: "chosen-ones-hoodie") { options { name } } localization { language { isoCode } country { isoCode name } } }',
    );
    expect(french.product.options.map((o: Json) => o.name)).toEqual(['Maat', 'Kleur']);
    expect(french.localization).toEqual({
      language: { isoCode: 'NL' },
      country: { isoCode: 'BE', name: 'België' },
    });
    const { product } = await run('de', []);
    expect(product.options.map((o: Json) => o.name)).toEqual(['Größe', 'Farbe']);
    expect(product.description).toContain('Bio-Baumwolle');
  });
});

describe("Hydrogen skeleton's header and footer menus", () => {
  it('serves main-menu and footer from the site navigation in each language', async () => {
    const nl = await both(HEADER_QUERY, { ...context.nl, headerMenuHandle: 'main-menu' });
    expect(nl.shop.name).toBe('Chosen Ones');
    expect(nl.shop.primaryDomain.url).toMatch(/^https?:\/\//);
    const titles = nl.menu.items.map((i: Json) => i.title);
    expect(titles).toEqual(['Home', 'Over ons', 'Winkel', 'Blog', 'Community', 'Contact']);
    const shop = nl.menu.items[2];
    expect(shop.items.map((i: Json) => new URL(i.url).pathname)).toEqual([
      '/shop/collection/alle-kleding',
      '/shop/collection/digitale-producten',
      '/shop/collection/andere-merchandise',
    ]);
    expect(shop.items[0].type).toBe('COLLECTION');
    expect(shop.items[0].resourceId).toMatch(/^gid:\/\/shopify\/Collection\/\d+$/);

    const en = await both(HEADER_QUERY, { ...context.en, headerMenuHandle: 'main-menu' });
    expect(new URL(en.menu.items[1].url).pathname).toBe('/en/about');
    const footer = await both(FOOTER_QUERY, { ...context.de, footerMenuHandle: 'footer' });
    expect(footer.menu.items.map((i: Json) => decodeURI(new URL(i.url).pathname))).toEqual([
      '/de/datenschutz',
      '/de/nutzungsbedingungen',
      '/de/versandrichtlinien',
      '/de/rückgaberecht',
    ]);
    const none = await both(FOOTER_QUERY, { ...context.de, footerMenuHandle: 'no-such-menu' });
    expect(none.menu).toBeNull();
  });
});

describe('Hydrogen skeleton collection, collections, page and policy queries', () => {
  it('pages a collection with first/after cursors', async () => {
    const first = await both(COLLECTION_QUERY, { ...context.en, handle: 'alle-kleding', first: 2 });
    expect(first.collection.title).toBe('All clothing');
    expect(first.collection.products.nodes).toHaveLength(2);
    expect(first.collection.products.pageInfo.hasNextPage).toBe(true);
    const next = await both(COLLECTION_QUERY, {
      ...context.en,
      handle: 'alle-kleding',
      first: 2,
      endCursor: first.collection.products.pageInfo.endCursor,
    });
    expect(next.collection.products.pageInfo.hasPreviousPage).toBe(true);
    const ids = [...first.collection.products.nodes, ...next.collection.products.nodes].map(
      (p: Json) => p.id,
    );
    expect(new Set(ids).size).toBe(4);
    const missing = await both(COLLECTION_QUERY, { ...context.en, handle: 'nope', first: 2 });
    expect(missing.collection).toBeNull();
  });

  it('lists collections, pages and policies', async () => {
    const { collections } = await both(COLLECTIONS_QUERY, { ...context.de, first: 10 });
    expect(collections.nodes.map((c: Json) => c.handle)).toEqual([
      'digitale-producten',
      'alle-kleding',
      'andere-merchandise',
    ]);
    const about = await both(PAGE_QUERY, { ...context.en, handle: 'about' });
    expect(about.page.title).toBe('About us');
    expect(about.page.body).toContain('<h2>');
    expect((await both(PAGE_QUERY, { ...context.en, handle: 'nope' })).page).toBeNull();
    const policy = await both(POLICY_CONTENT_QUERY, {
      ...context.nl,
      privacyPolicy: false,
      refundPolicy: true,
      shippingPolicy: false,
      termsOfService: false,
    });
    expect(policy.shop.refundPolicy.body.length).toBeGreaterThan(50);
    expect(policy.shop.privacyPolicy).toBeUndefined();
  });
});

describe('fields the store has no data for answer as an empty Shopify store', () => {
  it('gives null, empty lists and empty connections instead of errors', async () => {
    const data = await both(`query @inContext(language: EN, country: DE) {
      customer(customerAccessToken: "x") { id }
      product(handle: "eenheid-mok") {
        sellingPlanGroups(first: 5) { nodes { name } pageInfo { hasNextPage } }
        media(first: 5) { nodes { id } }
        variants(first: 1) { nodes { quantityAvailable unitPrice { amount } storeAvailability(first: 3) { nodes { available } } } }
        collections(first: 5) { nodes { handle updatedAt seo { title } } }
        createdAt updatedAt publishedAt variantsCount { count }
      }
      localization { language { isoCode name } country { isoCode name currency { isoCode } } availableLanguages { isoCode endonymName } }
      shop { paymentSettings { currencyCode acceptedCardBrands } shipsToCountries brand { logo { image { url } } } }
    }`);
    expect(data.customer).toBeNull();
    expect(data.product.sellingPlanGroups).toEqual({ nodes: [], pageInfo: { hasNextPage: false } });
    expect(data.product.variants.nodes[0].storeAvailability.nodes).toEqual([]);
    expect(data.product.collections.nodes[0].handle).toBe('andere-merchandise');
    expect(Date.parse(data.product.updatedAt)).toBeGreaterThanOrEqual(Date.parse(data.product.createdAt));
    expect(data.product.variantsCount.count).toBeGreaterThan(0);
    expect(data.localization.language).toEqual({ isoCode: 'EN', name: 'English' });
    expect(data.localization.country).toEqual({
      isoCode: 'DE',
      name: 'Germany',
      currency: { isoCode: 'EUR' },
    });
    expect(data.localization.availableLanguages.map((l: Json) => l.isoCode)).toEqual(['NL', 'EN', 'DE']);
    expect(data.shop.paymentSettings.currencyCode).toBe('EUR');
    expect(data.shop.shipsToCountries).toContain('NL');
  });
});
