import type { SupabaseClient } from '@supabase/supabase-js';
import { type NewsletterProvider, type SyncResult, syncProviders } from './providers/index.ts';

/**
 * Scheduled work: every person whose latest sync with a provider failed is synced again with
 * that provider, and the new result goes to the ledger (so a success takes them off the list).
 * Relative imports only: the Netlify scheduled function bundles this file as it is.
 */
export async function retryFailedSyncs(
  db: SupabaseClient,
  providers: NewsletterProvider[],
  options: { backoffMs?: number } = {},
): Promise<SyncResult[]> {
  const { data, error } = await db.rpc('newsletter_failed_syncs', { p_limit: 100 });
  if (error) throw new Error(`newsletter_failed_syncs: ${error.message}`);
  const rows = (data ?? []) as Array<Record<string, string>>;
  const results: SyncResult[] = [];
  for (const row of rows) {
    const provider = providers.find((p) => p.name === row['provider']);
    if (!provider) continue;
    const status = row['status'] === 'unsubscribed' ? 'unsubscribed' : 'subscribed';
    const [result] = await syncProviders(
      [provider],
      {
        email: row['email'] ?? '',
        firstName: row['first_name'] ?? '',
        lastName: row['last_name'] ?? '',
        language: row['language'] ?? 'nl',
        source: row['source'] ?? 'default',
        status,
      },
      async (r) => {
        const { error: recordError } = await db.rpc('newsletter_record', {
          p_subscriber_id: row['subscriber_id'] ?? '',
          p_event: 'provider_sync',
          p_detail: { ...r, status, retry: true },
        });
        if (recordError) throw new Error(recordError.message);
      },
      options,
    );
    if (result) results.push(result);
  }
  return results;
}
