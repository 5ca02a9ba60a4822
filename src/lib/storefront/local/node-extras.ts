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

/** Per catalog, built once: each product's collections (as sets of handles) and who is for sale. */
type Index = { collectionsOf: Map<string, ReadonlySet<string>[]>; forSale: ReadonlySet<string> };

function indexCatalog(catalog: Catalog): Index {
  const sets = catalog.collections.map((c) => new Set(c.products));
  return {
    collectionsOf: new Map(catalog.products.map((p) => [p.handle, sets.filter((s) => s.has(p.handle))])),
    forSale: new Set(
      catalog.products.filter((p) => p.variants.some((v) => v.available)).map((p) => p.handle),
    ),
  };
}

/**
 * Related products as Shopify's RELATED intent gives them: others from the same collections
 * first, then the same product type; COMPLEMENTARY: products from the other collections.
 * Sold-out products are left out, as the recommendations of a real store do. One pass over the
 * catalog that stops once it has enough (a build asks this for every product page).
 */
function recommend(
  catalog: Catalog,
  index: Index,
  product: FixtureProduct,
  intent: string,
): FixtureProduct[] {
  const mine = index.collectionsOf.get(product.handle) ?? [];
  const related: FixtureProduct[] = [];
  const others: FixtureProduct[] = [];
  const enough = intent === 'COMPLEMENTARY' ? others : related;
  for (const p of catalog.products) {
    if (enough.length >= MAX_RECOMMENDATIONS) break;
    if (p.handle === product.handle || !index.forSale.has(p.handle)) continue;
    if (mine.some((s) => s.has(p.handle))) related.push(p);
    else if (
      others.length < MAX_RECOMMENDATIONS &&
      (intent === 'COMPLEMENTARY' || p.productType === product.productType)
    )
      others.push(p);
  }
  return (intent === 'COMPLEMENTARY' ? others : [...related, ...others]).slice(0, MAX_RECOMMENDATIONS);
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
  const index = indexCatalog(catalog);

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
      return recommend(catalog, index, product, String(args.intent ?? 'RELATED')).map((p) =>
        catalogProduct({ handle: p.handle }, undefined, info),
      );
    },
  };
}
