import type { ServerResponse } from 'node:http';
import { verifyEmailChange } from './auth-email-change.ts';
import { tokenHash } from './auth-otp.ts';
import { authError, safeRedirect } from './auth-rules.ts';
import { type AuthContext, type Session, USER_COLUMNS, type UserRow, validEmail } from './auth-user.ts';
import type { HttpError } from './http-util.ts';

/**
 * GET and POST /verify (internal/api/verify.go). GET opens a mailed link (`token` is the stored
 * hash) and redirects with the session or the error in the fragment; POST takes `token_hash`, or
 * `token` (the mailed code) with `email`, and answers the session as JSON.
 */
const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';
const TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email', 'email_change'];

type Outcome = { half: true } | { half: false; session: Session; type: string };

/** Which column holds the hash per type, and which *_sent_at starts its expiry. */
const COLUMNS: Record<string, Array<{ token: string; sent: string; as: string }>> = {
  signup: [{ token: 'confirmation_token', sent: 'confirmation_sent_at', as: 'signup' }],
  invite: [{ token: 'confirmation_token', sent: 'confirmation_sent_at', as: 'invite' }],
  recovery: [{ token: 'recovery_token', sent: 'recovery_sent_at', as: 'recovery' }],
  magiclink: [{ token: 'recovery_token', sent: 'recovery_sent_at', as: 'magiclink' }],
  // verifyTokenHash / verifyUserAndToken: `email` tries the confirmation, then the recovery token.
  email: [
    { token: 'confirmation_token', sent: 'confirmation_sent_at', as: 'signup' },
    { token: 'recovery_token', sent: 'recovery_sent_at', as: 'magiclink' },
  ],
};

async function verifyHash(
  ctx: AuthContext,
  type: string,
  hash: string,
  email: string | null,
): Promise<Outcome> {
  // verify.go: "Email link is invalid or has expired" for a link, "Token has expired or is invalid" for a code.
  const expired = () =>
    authError(
      403,
      'otp_expired',
      email ? 'Token has expired or is invalid' : 'Email link is invalid or has expired',
    );
  if (type === 'email_change') {
    const banned = await ctx.pool.query(
      `select 1 from auth.users where banned_until > now()
        and (email_change_token_new = $1 or email_change_token_current = $1) and $1 <> ''`,
      [hash],
    );
    if (banned.rowCount) throw authError(403, 'user_banned', 'User is banned');
    const { outcome, userId } = await verifyEmailChange(ctx.pool, hash, ctx.otp.otpExpiry);
    if (outcome === 'half') return { half: true };
    if (outcome === 'taken') {
      throw authError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    if (outcome !== 'done' || !userId) throw expired();
    const u = await ctx.pool.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [userId]);
    return {
      half: false,
      type,
      session: await ctx.sessions.issueSession(u.rows[0] as UserRow, undefined, { method: 'otp' }),
    };
  }
  for (const { token, sent, as } of COLUMNS[type] ?? []) {
    const r = await ctx.pool.query<{ id: string; banned: boolean; expired: boolean }>(
      `select id, coalesce(banned_until > now(), false) as banned,
              ${sent} is null or ${sent} < now() - make_interval(secs => $3) as expired
         from auth.users
        where ${token} = $1 and $1 <> '' and deleted_at is null and ($2::text is null or lower(email) = $2)`,
      [hash, email, ctx.otp.otpExpiry],
    );
    const found = r.rows[0];
    if (!found) continue;
    if (found.banned) throw authError(403, 'user_banned', 'User is banned');
    if (found.expired) throw expired();
    // Single use: the token is cleared in the same statement that accepts it (User.Confirm / Recover).
    const u = await ctx.pool.query<UserRow>(
      `update auth.users set ${token} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
              last_sign_in_at = now(), updated_at = now()
        where id = $1 and ${token} = $2 returning ${USER_COLUMNS}`,
      [found.id, hash],
    );
    if (!u.rows[0]) throw expired();
    return {
      half: false,
      type: as,
      session: await ctx.sessions.issueSession(u.rows[0], undefined, { method: 'otp' }),
    };
  }
  throw expired();
}

/** POST /verify: VerifyParams.Validate, then verifyPost. */
export async function verifyPost(ctx: AuthContext, body: Record<string, unknown>) {
  const str = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  const type = str('type');
  const token = str('token');
  const hash = str('token_hash');
  if (!type) throw authError(400, 'validation_failed', 'Verify requires a verification type');
  if ((!token && !hash) || (token && hash)) {
    throw authError(400, 'validation_failed', 'Verify requires either a token or a token hash');
  }
  let email: string | null = null;
  if (token) {
    if (!str('email')) {
      throw authError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    }
    try {
      email = validEmail(str('email'));
    } catch {
      throw authError(422, 'validation_failed', 'Invalid email format');
    }
  } else if (str('email') || str('phone') || str('redirect_to')) {
    throw authError(400, 'validation_failed', 'Only the token_hash and type should be provided');
  }
  if (!TYPES.includes(type)) throw authError(400, 'validation_failed', 'Unsupported verification type');
  const outcome = await verifyHash(ctx, type, email ? tokenHash(email, token) : hash, email);
  if (outcome.half) return { msg: SINGLE_CONFIRMATION, code: '200' };
  return outcome.session;
}

/** oauthErrorMap of internal/api/errors.go. */
const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** GET /verify: always a 303 to the (allowed) redirect_to, as verifyGet does. */
export async function verifyGet(ctx: AuthContext, url: URL, res: ServerResponse) {
  const type = url.searchParams.get('type') ?? '';
  const raw = url.searchParams.get('token') ?? '';
  if (!type) throw authError(400, 'validation_failed', 'Verify requires a verification type');
  if (!raw) throw authError(400, 'validation_failed', 'Verify requires a token or a token hash');
  // Hashes are hex; anything else (NUL, odd bytes) cannot match and never reaches a query.
  const token = /^[0-9a-f]{1,255}$/i.test(raw) ? raw : '';
  const redirectTo = safeRedirect(url.searchParams.get('redirect_to'), ctx.redirects);
  const fragment = new URLSearchParams();
  try {
    if (!TYPES.includes(type)) throw authError(400, 'validation_failed', 'Invalid email verification type');
    const outcome = await verifyHash(ctx, type, token, null);
    if (outcome.half) {
      fragment.set('message', SINGLE_CONFIRMATION);
      fragment.set('sb', '');
    } else {
      const s = outcome.session;
      // AccessTokenResponse.AsRedirectURL: url.Values.Encode sorts the keys.
      fragment.set('access_token', s.access_token);
      fragment.set('expires_at', String(s.expires_at));
      fragment.set('expires_in', String(s.expires_in));
      fragment.set('refresh_token', s.refresh_token);
      fragment.set('token_type', 'bearer');
      fragment.set('type', outcome.type);
    }
  } catch (error) {
    const e = error as HttpError;
    const body = e.body as { error_code?: string; msg?: string } | undefined;
    if (!body?.error_code) throw error;
    // prepErrorRedirectURL: error, error_code, error_description and sb in the fragment.
    const name = OAUTH_ERROR[e.status];
    if (name) fragment.set('error', name);
    fragment.set('error_code', body.error_code);
    fragment.set('error_description', body.msg ?? '');
    fragment.set('sb', '');
  }
  res.writeHead(303, { location: `${redirectTo}#${fragment}` });
  res.end();
}
