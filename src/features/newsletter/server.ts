import { sendMail } from '~/lib/mail/index.ts';
import { supabaseUrl } from '~/lib/supabase/env.ts';
import type { NewsletterDeps, RequestMeta } from './handler.ts';
import { type NewsletterStore, serviceKeyFromEnv, supabaseNewsletterStore } from './store.ts';

let store: NewsletterStore | undefined;

/** The endpoint's dependencies in a running server (read at request time, not build time). */
export function newsletterDeps(): NewsletterDeps {
  const key = serviceKeyFromEnv();
  if (key && !store) store = supabaseNewsletterStore(supabaseUrl, key);
  return { store: key ? store : undefined, send: sendMail };
}

/** Who is asking, for the ledger and the per-IP limit. */
export function requestMeta(context: { clientAddress?: string; url: URL }): RequestMeta {
  let ip: string | null = null;
  try {
    ip = context.clientAddress ?? null;
  } catch {
    ip = null;
  }
  return { ip, origin: context.url.origin };
}
