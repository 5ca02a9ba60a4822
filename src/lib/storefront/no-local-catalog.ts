import { StorefrontError } from './errors.ts';

/**
 * What the storefront client finds in place of the local catalog in a production server bundle
 * (src/lib/build/stand-ins.ts): a deployed site talks to the configured Shopify store only, so a
 * request without one fails as an unreachable store would, and ~1 MB of fixtures, schema and
 * resolvers stay out of the function.
 */
export async function localRequest(): Promise<never> {
  throw new StorefrontError(
    'No Shopify store is configured (SHOPIFY_STORE_DOMAIN, SHOPIFY_STOREFRONT_ACCESS_TOKEN); ' +
      'the local catalog is not part of a production build.',
    'network',
  );
}
