import { mailchimpProvider } from './mailchimp.ts';
import { shopifyProvider } from './shopify.ts';
import { type NewsletterProvider, ProviderError, type ProviderSubscriber } from './types.ts';

export type { NewsletterProvider, ProviderSubscriber };

/** The providers configured in the environment; none = the database alone. */
export function providersFromEnv(
  env: Record<string, string | undefined> = process.env,
): NewsletterProvider[] {
  const providers: NewsletterProvider[] = [];
  if (env['MAILCHIMP_API_KEY'] && env['MAILCHIMP_LIST_ID']) {
    providers.push(
      mailchimpProvider({
        apiKey: env['MAILCHIMP_API_KEY'],
        listId: env['MAILCHIMP_LIST_ID'],
        brandTag: env['MAILCHIMP_BRAND_TAG'] || 'inner-circle',
        ...(env['MAILCHIMP_API_URL'] ? { baseUrl: env['MAILCHIMP_API_URL'] } : {}),
      }),
    );
  }
  if (env['SHOPIFY_ADMIN_ACCESS_TOKEN'] && env['SHOPIFY_STORE_DOMAIN']) {
    providers.push(
      shopifyProvider({
        domain: env['SHOPIFY_STORE_DOMAIN'],
        accessToken: env['SHOPIFY_ADMIN_ACCESS_TOKEN'],
        ...(env['SHOPIFY_ADMIN_API_URL'] ? { baseUrl: env['SHOPIFY_ADMIN_API_URL'] } : {}),
      }),
    );
  }
  return providers;
}

export type SyncResult = { provider: string; ok: boolean; attempts: number; error?: string };

/**
 * Syncs one person to every provider, each retried (3 attempts, backing off) when the failure
 * can pass (network, 429, 5xx). Every outcome goes to `record` (the ledger); nothing here throws,
 * so a provider that is down never costs the subscription.
 */
export async function syncProviders(
  providers: NewsletterProvider[],
  subscriber: ProviderSubscriber,
  record: (result: SyncResult) => Promise<void>,
  { attempts = 3, backoffMs = 300 }: { attempts?: number; backoffMs?: number } = {},
): Promise<SyncResult[]> {
  return Promise.all(
    providers.map(async (provider) => {
      let result: SyncResult = { provider: provider.name, ok: false, attempts: 0 };
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          await provider.sync(subscriber);
          result = { provider: provider.name, ok: true, attempts: attempt };
          break;
        } catch (error) {
          result = {
            provider: provider.name,
            ok: false,
            attempts: attempt,
            error: String((error as Error).message),
          };
          if (!(error instanceof ProviderError && error.retryable) || attempt === attempts) break;
          await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (attempt - 1)));
        }
      }
      await record(result).catch(() => undefined);
      return result;
    }),
  );
}
