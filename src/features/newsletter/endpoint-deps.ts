import { siteOrigin } from '~/lib/site.ts';
import { supabaseUrl } from '~/lib/supabase/env.ts';
import type { NewsletterDeps, RequestMeta } from './handler.ts';
import { providersFromEnv, syncProviders } from './providers/index.ts';
import { type NewsletterStore, serviceKeyFromEnv, supabaseNewsletterStore } from './store.ts';

let store: NewsletterStore | undefined;

/** The endpoint's dependencies in a running server (read at request time, not build time). */
export function newsletterDeps(): NewsletterDeps {
  const key = serviceKeyFromEnv();
  if (key && !store) store = supabaseNewsletterStore(supabaseUrl, key);
  const current = key ? store : undefined;
  const providers = providersFromEnv();
  return {
    store: current,
    ...(current && providers.length > 0
      ? {
          sync: async (person, status) => {
            await syncProviders(providers, { ...person, status }, (result) =>
              current.record(person.subscriberId, 'provider_sync', { ...result, status }),
            );
          },
        }
      : {}),
  };
}

/**
 * Who is asking, for the ledger and the per-IP limit, and the configured origin the mail's links
 * point to (never the request's Host: a forged one would send genuine tokens elsewhere).
 */
export function requestMeta(context: { clientAddress?: string }): RequestMeta {
  let ip: string | null = null;
  try {
    ip = context.clientAddress ?? null;
  } catch {
    ip = null;
  }
  return { ip, origin: siteOrigin() };
}
