/**
 * Netlify scheduled function (hourly): syncs again every newsletter subscriber whose latest sync
 * with a provider (Mailchimp, Shopify) failed, and writes the new result to the consent ledger.
 * Needs PUBLIC_SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY and a configured provider; else no-op.
 */
import { createClient } from '@supabase/supabase-js';
import { providersFromEnv } from '../../src/features/newsletter/providers/index.ts';
import { retryFailedSyncs } from '../../src/features/newsletter/retry.ts';

export default async function newsletterSyncRetry(): Promise<Response> {
  const url = process.env['PUBLIC_SUPABASE_URL'];
  const key = process.env['SUPABASE_SERVICE_ROLE_KEY'];
  const providers = providersFromEnv();
  if (!url || !key || providers.length === 0) return Response.json({ retried: 0, reason: 'not configured' });
  const db = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  const results = await retryFailedSyncs(db, providers);
  return Response.json({ retried: results.length, ok: results.filter((r) => r.ok).length });
}

export const config = { schedule: '@hourly' };
