import type { Locale } from '~/i18n/locales.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';

/** Where the account page asks for an e-mail change (src/pages/api/account/email.ts). */
const EMAIL_CHANGE_PATH = '/api/account/email';

/**
 * Asks the site to change the member's address; null when the request was taken (the same for
 * every address), else the error code to translate (`rate_limited`, `network_error`, ...).
 */
export async function requestEmailChange(
  db: TypedSupabaseClient,
  email: string,
  language: Locale,
): Promise<string | null> {
  const token = (await db.auth.getSession()).data.session?.access_token;
  if (!token) return 'unauthorized';
  try {
    const res = await fetch(EMAIL_CHANGE_PATH, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, language }),
    });
    if (res.ok) return null;
    const body = (await res.json().catch(() => null)) as { error?: { code?: unknown } } | null;
    const code = typeof body?.error?.code === 'string' ? body.error.code : 'unknown';
    // The schema's refusal of the address, or GoTrue's: errorText's "invalid e-mail address".
    return code === 'invalid_input' || code === 'invalid_email' ? 'email_address_invalid' : code;
  } catch {
    return 'network_error';
  }
}
