/**
 * What the address of /auth/reset carries after the recovery mail's link:
 * - GoTrue's GET /verify redirect (the default template): the recovery session in the fragment,
 *   `#access_token=…&type=recovery`, which supabase-js reads while it starts (PASSWORD_RECOVERY);
 * - a template linking straight to the site: `?token_hash=…&type=recovery`, for verifyOtp;
 * - an expired or used link: `#error=access_denied&error_code=otp_expired&…`.
 */
export type RecoveryLink =
  | { kind: 'none' }
  | { kind: 'error'; code: string }
  | { kind: 'session'; accessToken: string }
  | { kind: 'token_hash'; tokenHash: string };

export function readRecoveryLink(href: string): RecoveryLink {
  const url = new URL(href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const failed = fragment.get('error_code') ?? fragment.get('error');
  if (failed) return { kind: 'error', code: failed };
  const accessToken = fragment.get('access_token');
  if (accessToken && fragment.get('type') === 'recovery') return { kind: 'session', accessToken };
  const tokenHash = url.searchParams.get('token_hash');
  if (tokenHash && url.searchParams.get('type') === 'recovery') return { kind: 'token_hash', tokenHash };
  return { kind: 'none' };
}
