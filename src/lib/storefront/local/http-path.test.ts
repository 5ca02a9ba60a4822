import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../i18n/locales.ts';
import { storefrontConfig, usesShopify } from '../client.ts';
import { BLOG_HANDLES, getArticle, getBlog, getLatestArticles, getShopPolicies } from '../content.ts';
import {
  clearStorefrontCache,
  getAllProductDetails,
  getCollectionByHandle,
  getCollections,
  getProductByHandle,
  getProducts,
  getVariants,
} from '../fetchers.ts';
import { LOCAL_STOREFRONT_TOKEN, type LocalStore, startLocalStore } from './server.ts';

/*
 * SHOPIFY_STORE_DOMAIN=127.0.0.1:<port> makes the site read the local store over HTTP; every
 * fetcher the build uses must then give exactly what the in-process catalog gives.
 */
const PORT = 21630;
let store: LocalStore;
const saved = {
  domain: process.env.SHOPIFY_STORE_DOMAIN,
  token: process.env.SHOPIFY_STOREFRONT_ACCESS_TOKEN,
};
beforeAll(async () => {
  store = await startLocalStore({ port: PORT });
  store.server.on('request', () => hits++);
});
afterAll(() => store.close());
afterEach(() => {
  restore('SHOPIFY_STORE_DOMAIN', saved.domain);
  restore('SHOPIFY_STOREFRONT_ACCESS_TOKEN', saved.token);
  clearStorefrontCache();
});
function restore(key: string, value: string | undefined) {
  if (value === undefined) delete process.env[key];
  else process.env[key] = value;
}

/** Requests the local store received over HTTP. */
let hits = 0;
/** Everything the build reads from the store, in one language. */
async function everything(lang: Locale) {
  clearStorefrontCache();
  const products = await getAllProductDetails(lang);
  const firstVariant = products[0]?.variants[0]?.id as string;
  const blogs = await Promise.all(BLOG_HANDLES.map((h) => getBlog(h, lang)));
  const firstArticle = blogs[0]?.articles[0];
  return {
    collections: await getCollections(lang),
    collection: await getCollectionByHandle('alle-kleding', lang),
    missingCollection: await getCollectionByHandle('nope', lang),
    cards: await getProducts(lang),
    digital: await getProducts(lang, 'tag:digital'),
    products,
    one: await getProductByHandle('trinity-transformatie', lang),
    missingProduct: await getProductByHandle('nope', lang),
    variants: await getVariants([firstVariant, 'gid://shopify/ProductVariant/1'], lang),
    blogs,
    latest: await getLatestArticles(lang),
    article: firstArticle ? await getArticle(BLOG_HANDLES[0], firstArticle.handle, lang) : null,
    policies: await getShopPolicies(lang),
  };
}

describe('the HTTP path gives the build the same data as the in-process catalog', () => {
  it.each(['nl', 'en', 'de'] as const)('in %s', async (lang) => {
    delete process.env.SHOPIFY_STORE_DOMAIN;
    delete process.env.SHOPIFY_STOREFRONT_ACCESS_TOKEN;
    expect(storefrontConfig()).toBeNull();
    const idle = hits;
    const local = await everything(lang);
    expect(hits).toBe(idle);

    process.env.SHOPIFY_STORE_DOMAIN = `127.0.0.1:${PORT}`;
    process.env.SHOPIFY_STOREFRONT_ACCESS_TOKEN = LOCAL_STOREFRONT_TOKEN;
    // The loopback store is the local catalog: no "real Shopify" behaviour switches on.
    expect(usesShopify()).toBe(false);
    const remote = await everything(lang);
    expect(hits).toBeGreaterThan(idle + 10);

    expect(local.products.length).toBeGreaterThan(10);
    expect(local.blogs.every(Boolean)).toBe(true);
    expect(remote).toEqual(local);
  });

  it('fails loudly with a wrong token instead of building an empty shop', async () => {
    process.env.SHOPIFY_STORE_DOMAIN = `127.0.0.1:${PORT}`;
    process.env.SHOPIFY_STOREFRONT_ACCESS_TOKEN = 'wrong';
    await expect(getCollections('nl')).rejects.toThrow(/HTTP 403/);
  });
});
