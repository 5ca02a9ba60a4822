import { type DocumentNode, execute, type GraphQLError, parse, validate } from 'graphql';
import { StorefrontError } from '../errors.ts';
import { createCartRoot } from './cart.ts';
import { createCatalogRoot } from './catalog.ts';
import { contentRoot } from './content.ts';
import { shopifyFieldResolver } from './defaults.ts';
import { fixtureCatalog } from './fixtures.ts';
import { createExtrasRoot } from './node-extras.ts';
import { storefrontSchema } from './schema.ts';
import { createShopExtrasRoot, shopExtras } from './shop-extras.ts';
import type { Catalog } from './types.ts';

/*
 * The local catalog: the same operation text that goes to Shopify, validated and executed
 * in-process with graphql-js against Shopify's own schema. Product and collection resolvers come
 * from ./catalog.ts, content (blogs, articles, policies) from ./content.ts.
 */

let catalogPromise: Promise<Catalog> | undefined;

/**
 * The catalog in use: the fixtures, or the JSON file named by LOCAL_CATALOG_FILE (a large
 * generated catalog for benchmarks, see `npm run catalog:generate`).
 */
function loadCatalog(): Promise<Catalog> {
  catalogPromise ??= (async () => {
    const file = typeof process === 'undefined' ? undefined : process.env.LOCAL_CATALOG_FILE;
    if (!file) return fixtureCatalog;
    const { readFile } = await import('node:fs/promises');
    try {
      return JSON.parse(await readFile(file, 'utf8')) as Catalog;
    } catch (error) {
      throw new StorefrontError(`LOCAL_CATALOG_FILE ${file} could not be read.`, 'network', undefined, {
        cause: error,
      });
    }
  })();
  return catalogPromise;
}

let rootPromise: Promise<Record<string, unknown>> | undefined;
/** The root resolvers over the catalog in use (also served over HTTP by ./server.ts). */
export function rootValue(): Promise<Record<string, unknown>> {
  rootPromise ??= loadCatalog().then((catalog) => {
    const catalogRoot = createCatalogRoot(catalog) as Record<string, (...args: unknown[]) => unknown>;
    const contentShop = contentRoot.shop as (...args: unknown[]) => unknown;
    const catalogShop = catalogRoot.shop as (...args: unknown[]) => unknown;
    // Both halves answer `shop`: the catalog its name and domain, the content its policies.
    const shop = (...args: unknown[]) => ({
      ...shopExtras(),
      ...(catalogShop(...args) as object),
      ...(contentShop(...args) as object),
    });
    // Cart API, nodes and recommendations: ./cart.ts and ./node-extras.ts.
    const extras = createExtrasRoot(catalog, catalogRoot);
    const cartRoot = createCartRoot(catalogRoot.node as Parameters<typeof createCartRoot>[0]);
    return { ...catalogRoot, ...contentRoot, ...createShopExtrasRoot(catalog), shop, ...extras, ...cartRoot };
  });
  return rootPromise;
}

const documents = new Map<string, DocumentNode | readonly GraphQLError[]>();

/** Parses and validates an operation once; later calls reuse the result. */
function documentFor(source: string): DocumentNode | readonly GraphQLError[] {
  let cached = documents.get(source);
  if (!cached) {
    try {
      const document = parse(source);
      const errors = validate(storefrontSchema(), document);
      cached = errors.length ? errors : document;
    } catch (error) {
      cached = [error as GraphQLError];
    }
    documents.set(source, cached);
  }
  return cached;
}

/** Runs an operation against the local catalog; GraphQL errors become a StorefrontError. */
export async function localRequest<T>(source: string, variables: Record<string, unknown>): Promise<T> {
  const document = documentFor(source);
  if (Array.isArray(document)) {
    throw new StorefrontError(
      `Local catalog rejected the operation: ${document.map((e) => e.message).join('; ')}`,
      'graphql',
    );
  }
  const result = await execute({
    schema: storefrontSchema(),
    document: document as DocumentNode,
    rootValue: await rootValue(),
    variableValues: variables,
    fieldResolver: shopifyFieldResolver,
  });
  if (result.errors?.length) {
    throw new StorefrontError(
      `Local catalog answered with GraphQL errors: ${result.errors.map((e) => e.message).join('; ')}`,
      'graphql',
    );
  }
  return result.data as T;
}
