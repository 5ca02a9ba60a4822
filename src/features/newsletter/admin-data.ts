import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { ConsentRecord } from './export.ts';

/**
 * The consent ledger for one address (or all with null), through newsletter_consent_export(),
 * which checks is_admin() itself. Throws the PostgREST error.
 */
export async function fetchConsentExport(
  db: TypedSupabaseClient,
  email: string | null,
): Promise<ConsentRecord[]> {
  const { data, error } = await db.rpc('newsletter_consent_export', email ? { p_email: email } : {});
  if (error) throw error;
  return (data ?? []) as ConsentRecord[];
}
