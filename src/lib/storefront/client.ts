import { type Locale, storefrontContext } from '../../i18n/locales.ts';
import { type HttpConfig, httpRequest, isLoopbackStore } from './http.ts';

export type StorefrontOptions = {
  language: Locale;
  /** Overrides the configuration read from the environment (tests). */
  config?: HttpConfig | null;
};

/** The configured Shopify store from the environment, or null when the local catalog is used. */
export function storefrontConfig(): HttpConfig | null {
  const env = typeof process === 'undefined' ? {} : process.env;
  const storeDomain = env.SHOPIFY_STORE_DOMAIN?.trim();
  const accessToken = env.SHOPIFY_STOREFRONT_ACCESS_TOKEN?.trim();
  return storeDomain && accessToken ? { storeDomain, accessToken } : null;
}

/**
 * True when requests go to a real Shopify store. The local store over HTTP (a loopback
 * SHOPIFY_STORE_DOMAIN such as 127.0.0.1:54330) is the local catalog, so the site behaves as with
 * the in-process one (e.g. its demo checkout page).
 */
export function usesShopify(): boolean {
  const config = storefrontConfig();
  return config !== null && !isLoopbackStore(config.storeDomain);
}

/**
 * Runs one storefront operation in a language (its @inContext variables are added here): over
 * HTTP when SHOPIFY_STORE_DOMAIN and SHOPIFY_STOREFRONT_ACCESS_TOKEN are set, otherwise against
 * the local catalog. Throws StorefrontError when the request fails.
 */
export async function storefrontRequest<T>(
  operation: string,
  variables: Record<string, unknown>,
  options: StorefrontOptions,
): Promise<T> {
  const context = storefrontContext[options.language];
  const vars: Record<string, unknown> = {
    language: context.language,
    country: context.country,
    ...variables,
  };
  // Operations without @inContext declare no $language/$country; sending them would be an error.
  if (!operation.includes('$language')) delete vars.language;
  if (!operation.includes('$country')) delete vars.country;
  const config = options.config === undefined ? storefrontConfig() : options.config;
  if (config) return httpRequest<T>(config, operation, vars);
  const { localRequest } = await import('./local/index.ts');
  return localRequest<T>(operation, vars);
}
