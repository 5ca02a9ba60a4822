import type { KeysWithPrefix } from '~/i18n/bind.ts';

/**
 * Maps what supabase-js returns (AuthError, PostgrestError, StorageError, fetch failures), our
 * endpoints' `{ error: { code, message } }` answers and fetchJson's failures to the stable codes of
 * SPEC.md section 8; errorText() turns any of them into the person's language.
 */
export const ERROR_CODES = [
  'invalid_credentials',
  'weak_password',
  'user_already_exists',
  'invalid_email',
  'email_not_confirmed',
  'suspended',
  'not_authorized',
  'database_setup_required',
  'rate_limit',
  'fetch_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'timeout',
  'network_error',
  'server_error',
  'unknown',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

type ErrorLike = {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  status?: unknown;
  statusCode?: unknown;
};

/** GoTrue `error_code`s (supabase-js puts them in `error.code`) and the codes they become. */
const AUTH_CODES: Record<string, ErrorCode> = {
  invalid_credentials: 'invalid_credentials',
  invalid_grant: 'invalid_credentials',
  weak_password: 'weak_password',
  user_already_exists: 'user_already_exists',
  email_exists: 'user_already_exists',
  email_address_invalid: 'invalid_email',
  validation_failed: 'invalid_email',
  email_not_confirmed: 'email_not_confirmed',
  user_banned: 'suspended',
  email_address_not_authorized: 'not_authorized',
  over_request_rate_limit: 'rate_limit',
  over_email_send_rate_limit: 'rate_limit',
  over_sms_send_rate_limit: 'rate_limit',
  unexpected_failure: 'database_setup_required',
  session_not_found: 'unauthorized',
  refresh_token_not_found: 'unauthorized',
  bad_jwt: 'unauthorized',
  no_authorization: 'unauthorized',
  user_not_found: 'not_found',
};

/** PostgREST / Postgres codes (PostgrestError.code). */
const POSTGREST_CODES: Record<string, ErrorCode> = {
  PGRST116: 'not_found',
  PGRST301: 'unauthorized',
  PGRST302: 'unauthorized',
  PGRST303: 'unauthorized',
  '42501': 'forbidden',
  '42P01': 'database_setup_required',
  PGRST205: 'database_setup_required',
  '23505': 'conflict',
  '57014': 'timeout',
  PT404: 'not_found',
  PT409: 'conflict',
  PT429: 'rate_limit',
};

/** Our endpoints' codes (`{ error: { code } }`, fetchJson's `code`) that have a general text. */
const ENDPOINT_CODES: Record<string, ErrorCode> = {
  rate_limited: 'rate_limit',
  network: 'network_error',
  backend_unreachable: 'network_error',
  timeout: 'timeout',
  not_found: 'not_found',
  bad_response: 'server_error',
  unavailable: 'server_error',
  store_failed: 'server_error',
};

function fromStatus(status: number): ErrorCode | undefined {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 406) return 'not_found';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server_error';
  return undefined;
}

function fromMessage(message: string): ErrorCode | undefined {
  const m = message.toLowerCase();
  if (m.includes('failed to fetch') || m.includes('fetch failed') || m.includes('load failed'))
    return 'fetch_failed';
  if (m.includes('timed out') || m.includes('timeout')) return 'timeout';
  if (m.includes('networkerror') || m.includes('network error') || m.includes('econnrefused'))
    return 'network_error';
  if (m.includes('invalid login credentials')) return 'invalid_credentials';
  if (m.includes('already registered')) return 'user_already_exists';
  if (m.includes('row-level security') || m.includes('permission denied')) return 'forbidden';
  if (m.includes('rate limit') || m.includes('too many')) return 'rate_limit';
  if (m.includes('database error saving new user')) return 'database_setup_required';
  if (m.includes('jwt') || m.includes('auth session missing')) return 'unauthorized';
  if (m.includes('password should be')) return 'weak_password';
  if (m.includes('unable to validate email')) return 'invalid_email';
  return undefined;
}

/** The stable code for any error value supabase-js (or fetch) produced; `unknown` otherwise. */
export function toErrorCode(error: unknown): ErrorCode {
  if (error === null || error === undefined) return 'unknown';
  if (typeof error === 'string') return fromMessage(error) ?? 'unknown';
  if (typeof error !== 'object') return 'unknown';
  const nested = (error as { error?: unknown }).error;
  // Our endpoints' JSON answer: `{ error: { code, message } }`.
  if (nested && typeof nested === 'object') return toErrorCode(nested);
  const e = error as ErrorLike;
  const name = typeof e.name === 'string' ? e.name : '';
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const status = Number(e.status ?? e.statusCode ?? 0);

  if (name === 'AuthWeakPasswordError') return 'weak_password';
  if (name === 'AuthSessionMissingError') return 'unauthorized';
  if (name === 'AbortError' || name === 'TimeoutError') return 'timeout';
  if (name === 'AuthRetryableFetchError') {
    return status === 0 ? 'fetch_failed' : (fromStatus(status) ?? 'network_error');
  }
  if (code && AUTH_CODES[code]) return AUTH_CODES[code];
  if (code && POSTGREST_CODES[code]) return POSTGREST_CODES[code];
  if (code && ENDPOINT_CODES[code]) return ENDPOINT_CODES[code];
  if (name === 'TypeError') return fromMessage(message) ?? 'network_error';
  return fromMessage(message) ?? (status ? fromStatus(status) : undefined) ?? 'unknown';
}

/**
 * THE text a person sees for a failure: any error value (PostgrestError, AuthError, StorageError,
 * our `{ error: { code, message } }`, fetchJson's answer, a network TypeError, anything) in the
 * language of `t`, through its stable code; `error.unknown` when nothing more is known. The raw
 * (English, technical) message is never shown.
 */
export function errorText(t: (key: KeysWithPrefix<'error.'>) => string, error: unknown): string {
  return t(`error.${toErrorCode(error)}`);
}
