import { createStorefrontApiClient } from '@shopify/storefront-api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_API_VERSION } from '../version.ts';
import { LOCAL_STOREFRONT_TOKEN, type LocalStore, startLocalStore } from './server.ts';
import { PRODUCT_QUERY } from './testing/hydrogen-skeleton.ts';

/* The local store's HTTP protocol, as Storefront clients (and curl) meet Shopify's. */
const PORT = 21620;
let store: LocalStore;
let endpoint: string;
beforeAll(async () => {
  store = await startLocalStore({ port: PORT });
  endpoint = `${store.url}/api/${STOREFRONT_API_VERSION}/graphql.json`;
});
afterAll(() => store.close());

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-storefront-access-token': LOCAL_STOREFRONT_TOKEN,
      ...headers,
    },
    body,
  });

describe('local store over HTTP', () => {
  it('answers a curl-style raw POST with data', async () => {
    const res = await post('{"query":"{ shop { name } }"}');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ data: { shop: { name: 'Chosen Ones' } } });
  });

  it('refuses a request without the token (401) and with a wrong one (403), in Shopify error shape', async () => {
    const without = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ shop { name } }"}',
    });
    expect(without.status).toBe(401);
    expect(
      ((await without.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code,
    ).toBe('UNAUTHORIZED');
    const wrong = await post('{"query":"{ shop { name } }"}', {
      'x-shopify-storefront-access-token': 'nope',
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).not.toHaveProperty('data');
  });

  it('answers GraphQL errors with extensions.code and no data', async () => {
    const undefinedField = await (await post('{"query":"{ shop { nmae } }"}')).json();
    expect(undefinedField).not.toHaveProperty('data');
    expect(undefinedField.errors[0]).toMatchObject({
      extensions: { code: 'undefinedField', typeName: 'Shop', fieldName: 'nmae' },
      locations: [{ line: 1, column: 10 }],
    });
    const syntax = await (await post('{"query":"{ shop { name }"}')).json();
    expect(syntax.errors[0].extensions.code).toBe('PARSE_ERROR');
    const variable = await (
      await post(
        JSON.stringify({ query: 'query P($h: String!) { product(handle: $h) { id } }', variables: {} }),
      )
    ).json();
    expect(variable.errors[0].extensions.code).toBe('INVALID_VARIABLE');
    const missing = await post('{"variables":{}}');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ errors: { query: 'Required parameter missing or invalid' } });
    expect((await post('not json')).status).toBe(400);
  });

  it('runs the named operation of a document, takes application/graphql and GET, answers CORS preflight', async () => {
    const two = await (
      await post(
        JSON.stringify({ query: 'query A { shop { name } } query B { shop { id } }', operationName: 'B' }),
      )
    ).json();
    expect(two).toEqual({ data: { shop: { id: 'gid://shopify/Shop/1' } } });
    const graphqlBody = await post('{ shop { name } }', { 'content-type': 'application/graphql' });
    expect(await graphqlBody.json()).toEqual({ data: { shop: { name: 'Chosen Ones' } } });
    const get = await fetch(`${endpoint}?query=${encodeURIComponent('{ shop { name } }')}`, {
      headers: { 'x-shopify-storefront-access-token': LOCAL_STOREFRONT_TOKEN },
    });
    expect(await get.json()).toEqual({ data: { shop: { name: 'Chosen Ones' } } });
    const preflight = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: { origin: 'http://example.test' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain(
      'x-shopify-storefront-access-token',
    );
    expect((await fetch(`${store.url}/api/graphql`, { method: 'POST' })).status).toBe(404);
  });
});

describe('@shopify/storefront-api-client against the local store', () => {
  // The client always speaks https to the store domain; the local store speaks http.
  const client = createStorefrontApiClient({
    storeDomain: `127.0.0.1:${PORT}`,
    apiVersion: STOREFRONT_API_VERSION,
    publicAccessToken: LOCAL_STOREFRONT_TOKEN,
    customFetchApi: (url, init) => fetch(String(url).replace(/^https:/, 'http:'), init),
  });

  it('runs a product query with variables and @inContext', async () => {
    const { data, errors } = await client.request(PRODUCT_QUERY, {
      variables: {
        handle: 'eenheid-t-shirt',
        language: 'DE',
        country: 'DE',
        selectedOptions: [],
      },
    });
    expect(errors).toBeUndefined();
    expect(data.product.handle).toBe('eenheid-t-shirt');
    expect(data.product.options[0].name).toBe('Größe');
    expect(data.product.selectedOrFirstAvailableVariant.availableForSale).toBe(true);
  });

  it('reports GraphQL errors of the store through the client', async () => {
    const { data, errors } = await client.request('{ shop { nmae } }');
    expect(data).toBeUndefined();
    expect(errors?.graphQLErrors?.[0]?.extensions?.code).toBe('undefinedField');
  });
});
