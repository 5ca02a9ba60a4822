import type { GraphQLResolveInfo } from 'graphql';
import { applyOverride, currentOverrides } from './overrides.ts';
import type { Catalog, FixtureProduct } from './types.ts';

/*
 * `node`, `nodes` (with the run-time stock and price overrides of ./overrides.ts, so a fresh
 * check sees what changed after the build) and `productRecommendations` of the local store.
 */

type Args = Record<string, unknown>;
type Resolver = (args: Args, context: unknown, info: GraphQLResolveInfo) => unknown;

/** Shopify answers at most this many recommendations. */
const MAX_RECOMMENDATIONS = 10;
/** Shopify's limit on `nodes(ids:)`. */
const MAX_NODES = 250;

/**
 * Related products as Shopify's RELATED intent gives them: others from the same collections
 * first, then the same product type; COMPLEMENTARY: products from the other collections.
 * Sold-out products are left out, as the recommendations of a real store do.
 */
function recommend(catalog: Catalog, product: FixtureProduct, intent: string): FixtureProduct[] {
  const inCollections = catalog.collections.filter((c) => c.products.includes(product.handle));
  const sameCollection = new Set(inCollections.flatMap((c) => c.products));
  const forSale = (p: FixtureProduct) => p.handle !== product.handle && p.variants.some((v) => v.available);
  if (intent === 'COMPLEMENTARY') {
    return catalog.products
      .filter((p) => forSale(p) && !sameCollection.has(p.handle))
      .slice(0, MAX_RECOMMENDATIONS);
  }
  const related = catalog.products.filter((p) => forSale(p) && sameCollection.has(p.handle));
  const sameType = catalog.products.filter(
    (p) => forSale(p) && !sameCollection.has(p.handle) && p.productType === product.productType,
  );
  return [...related, ...sameType].slice(0, MAX_RECOMMENDATIONS);
}

/** `catalogRoot` is the catalog's root (its `node` and `product` resolvers answer the nodes). */
export function createExtrasRoot(
  catalog: Catalog,
  catalogRoot: Record<string, Resolver>,
): Record<string, Resolver> {
  const catalogNode = catalogRoot.node as Resolver;
  const catalogProduct = catalogRoot.product as Resolver;
  const byHandle = new Map(catalog.products.map((p) => [p.handle, p]));
  const byId = new Map(catalog.products.map((p) => [`gid://shopify/Product/${p.id}`, p]));

  const fresh = (
    id: string,
    info: GraphQLResolveInfo,
    overrides: Awaited<ReturnType<typeof currentOverrides>>,
  ) => {
    const node = catalogNode({ id }, undefined, info) as Record<string, unknown> | null;
    return node ? applyOverride(node, overrides.get(id)) : null;
  };

  return {
    node: async (args, _ctx, info) => fresh(String(args.id), info, await currentOverrides()),
    nodes: async (args, _ctx, info) => {
      const ids = args.ids as string[];
      if (ids.length > MAX_NODES) throw new Error(`The ids argument accepts at most ${MAX_NODES} ids.`);
      const overrides = await currentOverrides();
      return ids.map((id) => fresh(id, info, overrides));
    },
    productRecommendations: (args, _ctx, info) => {
      const product =
        typeof args.productHandle === 'string'
          ? byHandle.get(args.productHandle)
          : byId.get(String(args.productId ?? ''));
      // Shopify answers null for an unknown product.
      if (!product) return null;
      return recommend(catalog, product, String(args.intent ?? 'RELATED')).map((p) =>
        catalogProduct({ handle: p.handle }, undefined, info),
      );
    },
  };
}
