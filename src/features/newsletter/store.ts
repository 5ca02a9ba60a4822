import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/** What the server asks the database (all through SECURITY DEFINER functions, service role only). */
export type NewsletterStore = {
  signUp(input: {
    email: string;
    firstName: string;
    lastName: string;
    language: string;
    source: string;
    pageUrl: string | null;
    consentText: string;
    consentVersion: string;
    privacyVersion: string;
    ip: string | null;
    userAgent: string | null;
    /** The configured origin of the mail's links (never the request's Host). */
    origin: string;
  }): Promise<
    { ok: true; subscriberId: string } | { ok: false; code: 'rate_limited' | 'invalid' | 'unavailable' }
  >;
  record(subscriberId: string, event: 'confirmation_sent' | 'provider_sync', detail: object): Promise<void>;
  confirm(
    token: string,
    ip: string | null,
    userAgent: string | null,
  ): Promise<{
    outcome: 'confirmed' | 'used' | 'expired' | 'invalid' | 'unavailable';
    email?: string;
    name?: string;
    person?: Person;
  }>;
  unsubscribe(
    token: string,
    ip: string | null,
    userAgent: string | null,
    method: 'link' | 'one-click',
  ): Promise<{ outcome: 'unsubscribed' | 'invalid' | 'unavailable'; email?: string; person?: Person }>;
};

/** Who a link belonged to, for the providers' sync. */
export type Person = {
  subscriberId: string;
  email: string;
  firstName: string;
  lastName: string;
  language: string;
  source: string;
};

/** Server-only: the service role key never reaches a browser (SUPABASE_SERVICE_ROLE_KEY). */
export function serviceKeyFromEnv(env: Record<string, string | undefined> = process.env): string | undefined {
  return env['SUPABASE_SERVICE_ROLE_KEY'] || undefined;
}

type Row = Record<string, unknown>;

const personOf = (row: Row): Person | undefined =>
  row['subscriber_id']
    ? {
        subscriberId: String(row['subscriber_id']),
        email: String(row['email'] ?? ''),
        firstName: String(row['first_name'] ?? ''),
        lastName: String(row['last_name'] ?? ''),
        language: String(row['language'] ?? 'nl'),
        source: String(row['source'] ?? 'default'),
      }
    : undefined;

export function supabaseNewsletterStore(url: string, serviceKey: string): NewsletterStore {
  const db: SupabaseClient = createClient(url, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const first = (data: unknown): Row | undefined => (Array.isArray(data) ? (data[0] as Row) : undefined);
  return {
    async signUp(input) {
      // The sign-up and its confirmation mail (into the outbox) in one transaction.
      const { data, error } = await db.rpc('newsletter_sign_up_and_mail', {
        p_email: input.email,
        p_first_name: input.firstName,
        p_last_name: input.lastName,
        p_language: input.language,
        p_source: input.source,
        p_page_url: input.pageUrl,
        p_consent_text: input.consentText,
        p_consent_version: input.consentVersion,
        p_privacy_version: input.privacyVersion,
        p_ip: input.ip,
        p_user_agent: input.userAgent,
        p_origin: input.origin,
      });
      if (error) {
        if (error.code === 'PT429') return { ok: false, code: 'rate_limited' };
        if (error.code === '22023') return { ok: false, code: 'invalid' };
        return { ok: false, code: 'unavailable' };
      }
      const row = first(data);
      if (!row) return { ok: false, code: 'unavailable' };
      return { ok: true, subscriberId: String(row['subscriber_id']) };
    },
    async record(subscriberId, event, detail) {
      const { error } = await db.rpc('newsletter_record', {
        p_subscriber_id: subscriberId,
        p_event: event,
        p_detail: detail,
      });
      if (error) throw new Error(`newsletter_record ${event}: ${error.message}`);
    },
    async confirm(token, ip, userAgent) {
      const { data, error } = await db.rpc('newsletter_confirm', {
        p_token: token,
        p_ip: ip,
        p_user_agent: userAgent,
      });
      const row = first(data);
      if (error || !row) return { outcome: 'unavailable' };
      const name = [row['first_name'], row['last_name']].filter(Boolean).join(' ');
      const person = personOf(row);
      return {
        outcome: row['outcome'] as 'confirmed' | 'used' | 'expired' | 'invalid',
        ...(row['email'] ? { email: String(row['email']) } : {}),
        ...(person ? { person } : {}),
        name: name || String(row['email'] ?? '').split('@')[0] || '',
      };
    },
    async unsubscribe(token, ip, userAgent, method) {
      const { data, error } = await db.rpc('newsletter_unsubscribe', {
        p_token: token,
        p_ip: ip,
        p_user_agent: userAgent,
        p_method: method,
      });
      const row = first(data);
      if (error || !row) return { outcome: 'unavailable' };
      const person = personOf(row);
      return {
        outcome: row['outcome'] as 'unsubscribed' | 'invalid',
        ...(row['email'] ? { email: String(row['email']) } : {}),
        ...(person ? { person } : {}),
      };
    },
  };
}
