import type { ContactStore } from './handler.ts';

/**
 * Stores contact messages in Supabase through PostgREST with the public anon key: the table's
 * policy lets anyone insert and only admins read, and a trigger rate-limits by sender (HTTP 429).
 */
export function supabaseContactStore(
  url: string,
  anonKey: string,
  fetchImpl: typeof fetch = fetch,
): ContactStore {
  return async (input) => {
    let response: Response;
    try {
      response = await fetchImpl(`${url}/rest/v1/contact_messages`, {
        method: 'POST',
        headers: {
          apikey: anonKey,
          authorization: `Bearer ${anonKey}`,
          'content-type': 'application/json',
          prefer: 'return=minimal',
        },
        body: JSON.stringify({
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          subject: input.subject,
          message: input.message,
          language: input.language ?? 'nl',
        }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      console.error('contact: the database could not be reached', error);
      return { ok: false, code: 'backend_unreachable' };
    }
    if (response.ok) return { ok: true };
    if (response.status === 429) return { ok: false, code: 'rate_limited' };
    console.error(
      `contact: storing failed with HTTP ${response.status}: ${await response.text().catch(() => '')}`,
    );
    return { ok: false, code: 'store_failed' };
  };
}
