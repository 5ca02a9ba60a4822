import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_CREATE_MUTATION } from '../operations/cart.ts';
import {
  FRESH_VARIANTS_QUERY,
  PRODUCT_RECOMMENDATIONS_QUERY,
  QUICK_ADD_PRODUCT_QUERY,
} from '../operations/fresh.ts';
import { LISTING_QUERY } from '../operations/listing.ts';
import { PREDICTIVE_SEARCH_QUERY, SEARCH_QUERY } from '../operations/search.ts';
import { STOREFRONT_API_VERSION } from '../version.ts';
import { answerGraphQL, LOCAL_STOREFRONT_TOKEN, type LocalStore, startLocalStore } from './server.ts';

/*
 * Issue 12: every Storefront operation of the shop's newer features (search, predictive search,
 * listings with filters and both paging directions, fresh stock, recommendations, quick add, the
 * Cart API) answers the same over HTTP as in-process, in each language. The Cart API is stateful,
 * so it runs as one journey over HTTP, checked step by step.
 */
const PORT = 21640;
let store: LocalStore;
beforeAll(async () => {
  store = await startLocalStore({ port: PORT });
});
afterAll(() => store.close());

// biome-ignore lint/suspicious/noExplicitAny: answers of arbitrary operations, read as JSON
type Json = Record<string, any>;
const LANGS = [
  { language: 'NL', country: 'NL' },
  { language: 'EN', country: 'US' },
  { language: 'DE', country: 'DE' },
];

async function overHttp(query: string, variables: Json): Promise<Json> {
  const response = await fetch(`${store.url}/api/${STOREFRONT_API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-storefront-access-token': LOCAL_STOREFRONT_TOKEN,
    },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as Json;
  expect(body.errors).toBeUndefined();
  return body;
}

async function both(query: string, variables: Json): Promise<Json> {
  const local = await answerGraphQL({ query, variables });
  const remote = await overHttp(query, variables);
  expect(remote).toEqual(JSON.parse(JSON.stringify(local.body)));
  return remote.data;
}

const HOODIE_S_BLACK = 'gid://shopify/ProductVariant/40008';
const MUG = 'gid://shopify/ProductVariant/50001';

describe('the shop operations answer the same over HTTP as in-process', () => {
  for (const lang of LANGS) {
    it(`search with a filter, sorted by price, both paging directions (${lang.language})`, async () => {
      const first = await both(SEARCH_QUERY, {
        ...lang,
        query: 'hoodie',
        first: 2,
        sortKey: 'PRICE',
        reverse: false,
        articles: 2,
      });
      expect(first.products.nodes.length).toBeGreaterThan(0);
      const filtered = await both(SEARCH_QUERY, {
        ...lang,
        query: 'shirt',
        first: 5,
        productFilters: [{ available: true }],
        articles: 1,
      });
      expect(filtered.products.totalCount).toBeGreaterThan(0);
      const end = first.products.pageInfo.endCursor;
      if (first.products.pageInfo.hasNextPage) {
        const back = await both(SEARCH_QUERY, {
          ...lang,
          query: 'hoodie',
          last: 1,
          before: end,
          sortKey: 'PRICE',
          articles: 1,
        });
        expect(back.products.pageInfo.hasNextPage).toBe(true);
      }
    });

    it(`predictive search (${lang.language})`, async () => {
      const data = await both(PREDICTIVE_SEARCH_QUERY, { ...lang, query: 'hood', limit: 6 });
      expect(
        data.predictiveSearch.products.length + data.predictiveSearch.collections.length,
      ).toBeGreaterThan(0);
    });

    it(`a collection page filtered by size and sorted by price, forwards and backwards (${lang.language})`, async () => {
      const page = await both(LISTING_QUERY, {
        ...lang,
        handle: 'alle-kleding',
        first: 2,
        filters: [{ variantOption: { name: 'size', value: 'm' } }],
        sortKey: 'PRICE',
        reverse: true,
      });
      expect(page.collection).not.toBeNull();
      const { endCursor, hasNextPage } = page.collection.products.pageInfo;
      if (hasNextPage) {
        await both(LISTING_QUERY, {
          ...lang,
          handle: 'alle-kleding',
          last: 2,
          before: endCursor,
          sortKey: 'PRICE',
          reverse: true,
        });
      }
    });

    it(`fresh variants, recommendations and quick add (${lang.language})`, async () => {
      const fresh = await both(FRESH_VARIANTS_QUERY, {
        ...lang,
        ids: [HOODIE_S_BLACK, MUG, 'gid://shopify/ProductVariant/1'],
      });
      expect(fresh.nodes).toHaveLength(3);
      expect(fresh.nodes[2]).toBeNull();
      const recommended = await both(PRODUCT_RECOMMENDATIONS_QUERY, {
        ...lang,
        handle: 'chosen-ones-hoodie',
      });
      expect(recommended.productRecommendations.length).toBeGreaterThan(0);
      const quick = await both(QUICK_ADD_PRODUCT_QUERY, { ...lang, handle: 'chosen-ones-hoodie' });
      expect(quick.product.handle).toBe('chosen-ones-hoodie');
    });
  }
});

describe('the Cart API over HTTP', () => {
  const CART = /* GraphQL */ `fragment C on Cart { id checkoutUrl totalQuantity discountCodes { code applicable }
    buyerIdentity { email countryCode } lines(first: 20) { nodes { id quantity merchandise { ... on ProductVariant { id } } } }
    cost { totalAmount { amount currencyCode } } }`;
  const ERRORS = 'userErrors { code field message }';
  const call = async (name: string, signature: string, args: string, variables: Json) =>
    (
      await overHttp(
        `mutation M(${signature}) { ${name}(${args}) { cart { ...C } ${ERRORS} } } ${CART}`,
        variables,
      )
    ).data[name];

  it('creates, adds, updates, removes, sets codes and buyer, and reads the cart back', async () => {
    const created = await overHttp(CART_CREATE_MUTATION, {
      language: 'DE',
      country: 'DE',
      input: { lines: [{ merchandiseId: HOODIE_S_BLACK, quantity: 1 }], discountCodes: ['WELKOM10'] },
    });
    const cart = created.data.cartCreate.cart;
    expect(cart.checkoutUrl).toMatch(/^https?:\/\//);
    const id = cart.id as string;
    const added = await call(
      'cartLinesAdd',
      '$id: ID!, $lines: [CartLineInput!]!',
      'cartId: $id, lines: $lines',
      {
        id,
        lines: [{ merchandiseId: MUG, quantity: 2 }],
      },
    );
    expect(added.userErrors).toEqual([]);
    expect(added.cart.totalQuantity).toBe(3);
    const mugLine = added.cart.lines.nodes.find((l: Json) => l.merchandise.id === MUG);
    const updated = await call(
      'cartLinesUpdate',
      '$id: ID!, $lines: [CartLineUpdateInput!]!',
      'cartId: $id, lines: $lines',
      {
        id,
        lines: [{ id: mugLine.id, quantity: 1 }],
      },
    );
    expect(updated.cart.totalQuantity).toBe(2);
    const removed = await call('cartLinesRemove', '$id: ID!, $ids: [ID!]!', 'cartId: $id, lineIds: $ids', {
      id,
      ids: [mugLine.id],
    });
    expect(removed.cart.totalQuantity).toBe(1);
    const codes = await call(
      'cartDiscountCodesUpdate',
      '$id: ID!, $codes: [String!]!',
      'cartId: $id, discountCodes: $codes',
      {
        id,
        codes: ['NOPE'],
      },
    );
    expect(codes.cart.discountCodes).toEqual([{ code: 'NOPE', applicable: false }]);
    const buyer = await call(
      'cartBuyerIdentityUpdate',
      '$id: ID!, $b: CartBuyerIdentityInput!',
      'cartId: $id, buyerIdentity: $b',
      {
        id,
        b: { email: 'ana@example.com', countryCode: 'NL' },
      },
    );
    expect(buyer.cart.buyerIdentity).toEqual({ email: 'ana@example.com', countryCode: 'NL' });
    const read = await overHttp(`query Q($id: ID!) { cart(id: $id) { ...C } } ${CART}`, { id });
    expect(read.data.cart).toEqual(buyer.cart);
    const bad = await call(
      'cartLinesAdd',
      '$id: ID!, $lines: [CartLineInput!]!',
      'cartId: $id, lines: $lines',
      {
        id,
        lines: [{ merchandiseId: 'gid://shopify/ProductVariant/1', quantity: 1 }],
      },
    );
    expect(bad.userErrors.length).toBeGreaterThan(0);
  });
});
