import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { adminUser, requireAdmin } from './auth-admin.ts';
import { assertEmailFree, requestEmailChange } from './auth-email-change.ts';
import { adminGenerateLink } from './auth-generate-link.ts';
import { clientIp, createSendLimits, readEmailSentLimit } from './auth-limits.ts';
import { readOtpSettings } from './auth-otp.ts';
import { notFoundToken, refreshRotation } from './auth-refresh.ts';
import { authError, checkEmailLength, readRedirectConfig, safeRedirect, userMetadata } from './auth-rules.ts';
import { consumeNonce, otp, reauthenticate, recover, resend } from './auth-send.ts';
import { checkPassword, signup } from './auth-signup.ts';
import {
  type AuthContext,
  createSessions,
  EMAIL_RE,
  USER_COLUMNS,
  type UserRow,
  userJson,
} from './auth-user.ts';
import { verifyGet, verifyPost } from './auth-verify.ts';
import { CORS_HEADERS, readJson, sendJson } from './http-util.ts';
import { bearerToken, verifyJwt } from './jwt.ts';

/** The GoTrue subset that supabase-js uses, with GoTrue's response and error shapes. */
export type AuthOptions = { pool: pg.Pool; publicUrl: string; dataDir: string; confirmEmails: boolean };

/** user.go: a session older than this needs the reauthentication nonce for a new password. */
const REAUTH_AFTER_MS = 24 * 3600 * 1000;

export function createAuthHandler(options: AuthOptions) {
  const { pool } = options;
  const sessions = createSessions(pool);
  const otpSettings = readOtpSettings();
  const ctx: AuthContext = {
    ...options,
    redirects: readRedirectConfig(),
    otp: otpSettings,
    sessions,
    sendLimits: createSendLimits(otpSettings, readEmailSentLimit()),
  };

  async function passwordGrant(body: Record<string, unknown>) {
    const email = typeof body['email'] === 'string' ? body['email'].trim() : '';
    const password = typeof body['password'] === 'string' ? body['password'] : '';
    if (!email || !password) throw authError(400, 'validation_failed', 'missing email or phone');
    const r = await pool.query<
      UserRow & { banned: boolean; null_tokens: boolean; has_password: boolean; password_ok: boolean }
    >(
      `select ${USER_COLUMNS}, coalesce(banned_until > now(), false) as banned,
              (confirmation_token is null or recovery_token is null or email_change_token_new is null
               or email_change is null) as null_tokens,
              coalesce(encrypted_password, '') <> '' as has_password,
              case when coalesce(encrypted_password, '') = '' then false
                   else encrypted_password = extensions.crypt($2, encrypted_password) end as password_ok
         from auth.users
        where lower(email) = lower($1) and deleted_at is null`,
      [email, password],
    );
    const user = r.rows[0];
    if (!user) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
    // GoTrue scans these columns as strings and fails on NULL (supabase/auth#1940).
    if (user.null_tokens) throw authError(500, 'unexpected_failure', 'Database error querying schema');
    // token.go ResourceOwnerPasswordGrant: no password, then the ban, then the password itself.
    if (!user.has_password) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
    if (user.banned) throw authError(400, 'user_banned', 'User is banned');
    if (!user.password_ok) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
    if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
    return sessions.issueSession(await sessions.touchSignIn(user.id));
  }

  async function refreshGrant(body: Record<string, unknown>) {
    const token = typeof body['refresh_token'] === 'string' ? body['refresh_token'] : '';
    const outcome = await refreshRotation(pool, token);
    if ('error' in outcome) throw outcome.error;
    const u = await pool.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [
      outcome.userId,
    ]);
    if (!u.rows[0]) throw notFoundToken();
    return sessions.issueSession(u.rows[0], outcome.sessionId, { parent: token, reuse: outcome.reuse });
  }

  /** PUT /user (user.go UserUpdate): metadata, e-mail (auth-email-change.ts) and password. */
  async function updateUser(req: IncomingMessage, body: Record<string, unknown>, redirectTo: string | null) {
    const user = await sessions.currentUser(req);
    const claims = await verifyJwt(bearerToken(req.headers));
    const password = typeof body['password'] === 'string' ? body['password'] : null;
    if (password !== null) checkPassword(password);
    const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : null;
    if (email !== null) checkEmailLength(email);
    if (email !== null && !EMAIL_RE.test(email)) {
      throw authError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
    }
    const metadata = userMetadata(body['data']);
    const changesEmail = email !== null && email !== user.email.toLowerCase();
    // user.go:134, before the password: a taken address is 422 email_exists.
    if (changesEmail) await assertEmailFree(pool, email, user.id);
    if (password !== null) {
      const stale = !user.sessionCreatedAt || Date.now() - user.sessionCreatedAt.getTime() > REAUTH_AFTER_MS;
      if (ctx.otp.securePasswordChange && stale) {
        const nonce = typeof body['nonce'] === 'string' ? body['nonce'] : '';
        if (!nonce)
          throw authError(400, 'reauthentication_needed', 'Password update requires reauthentication');
        await consumeNonce(ctx, user, nonce);
      }
      const same = await pool.query(
        'select 1 from auth.users where id = $1 and encrypted_password = extensions.crypt($2, encrypted_password)',
        [user.id, password],
      );
      if (same.rowCount) {
        throw authError(422, 'same_password', 'New password should be different from the old password.');
      }
    }
    // With confirmations on, a new address waits for both links (auth-email-change.ts); with them
    // off GoTrue applies it at once.
    if (changesEmail && options.confirmEmails) {
      await requestEmailChange(ctx, user, email, safeRedirect(redirectTo, ctx.redirects));
    }
    try {
      const r = await pool.query<UserRow>(
        `update auth.users set
           encrypted_password = coalesce(extensions.crypt($2, extensions.gen_salt('bf', 8)), encrypted_password),
           email = coalesce($3, email),
           raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || coalesce($4::jsonb, '{}'::jsonb),
           updated_at = now()
         where id = $1 returning ${USER_COLUMNS}`,
        [
          user.id,
          password,
          changesEmail && !options.confirmEmails ? email : null,
          metadata && JSON.stringify(metadata),
        ],
      );
      if (password !== null) {
        // User.UpdatePassword: every pending token is cleared and every other session ends.
        await pool.query(
          `update auth.users set confirmation_token = '', confirmation_sent_at = null, recovery_token = '',
                  recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
                  email_change_sent_at = null, reauthentication_token = '', reauthentication_sent_at = null
            where id = $1`,
          [user.id],
        );
        await pool.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [
          user.id,
          claims?.session_id ?? null,
        ]);
      }
      return userJson(r.rows[0] as UserRow);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      throw error;
    }
  }

  /** POST /logout (logout.go): global (default), local or others. */
  async function logout(req: IncomingMessage, scope: string) {
    if (!['global', 'local', 'others'].includes(scope)) {
      throw authError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
    const claims = await verifyJwt(bearerToken(req.headers));
    if (!claims?.sub) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    if (scope === 'local') await pool.query('delete from auth.sessions where id = $1', [claims.session_id]);
    else if (scope === 'others') {
      await pool.query('delete from auth.sessions where user_id = $1 and id <> $2', [
        claims.sub,
        claims.session_id,
      ]);
    } else await pool.query('delete from auth.sessions where user_id = $1', [claims.sub]);
  }

  return async function handleAuth(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    const method = req.method ?? 'GET';
    const redirectTo = url.searchParams.get('redirect_to');
    const send = async (
      flow: (c: AuthContext, b: Record<string, unknown>, r: string | null) => Promise<unknown>,
    ) => sendJson(res, 200, await flow(ctx, await readJson(req), redirectTo));
    if (method === 'POST' && path === '/signup') return send(signup);
    if (method === 'POST' && path === '/recover')
      return sendJson(res, 200, await recover(ctx, await readJson(req), redirectTo, clientIp(req)));
    if (method === 'POST' && path === '/otp') return send(otp);
    if (method === 'POST' && path === '/resend') return send(resend);
    if (method === 'POST' && path === '/verify')
      return sendJson(res, 200, await verifyPost(ctx, await readJson(req)));
    if (method === 'GET' && path === '/verify') return verifyGet(ctx, url, res);
    if (method === 'GET' && path === '/reauthenticate') {
      return sendJson(res, 200, await reauthenticate(ctx, await sessions.currentUser(req)));
    }
    if (method === 'POST' && path === '/token') {
      const grant = url.searchParams.get('grant_type');
      const body = await readJson(req);
      if (grant === 'password') return sendJson(res, 200, await passwordGrant(body));
      if (grant === 'refresh_token') return sendJson(res, 200, await refreshGrant(body));
      throw authError(400, 'validation_failed', 'unsupported_grant_type');
    }
    if (method === 'GET' && path === '/user')
      return sendJson(res, 200, userJson(await sessions.currentUser(req)));
    if (method === 'PUT' && path === '/user') {
      return sendJson(res, 200, await updateUser(req, await readJson(req), redirectTo));
    }
    if (method === 'POST' && path === '/logout') {
      await logout(req, url.searchParams.get('scope') ?? 'global');
      // The browser drops a cross-origin answer without CORS headers, and supabase-js then keeps
      // the session: a 204 needs them as much as any JSON answer.
      res.writeHead(204, CORS_HEADERS);
      return res.end();
    }
    if (method === 'POST' && path === '/admin/generate_link') {
      await requireAdmin(req);
      return sendJson(res, 200, await adminGenerateLink(ctx, await readJson(req)));
    }
    const admin = /^\/admin\/users\/([^/]+)$/.exec(path);
    if (admin && ['GET', 'PUT', 'DELETE'].includes(method)) {
      const body = method === 'GET' ? {} : await readJson(req);
      return sendJson(res, 200, await adminUser(ctx, req, method, admin[1] as string, body));
    }
    if (method === 'GET' && path === '/settings') {
      return sendJson(res, 200, {
        external: { email: true },
        disable_signup: false,
        mailer_autoconfirm: !options.confirmEmails,
      });
    }
    if (method === 'GET' && path === '/health')
      return sendJson(res, 200, { name: 'local-gotrue', version: 'local' });
    throw authError(404, 'not_found', `${method} /auth/v1${path} is not supported by the local stack`);
  };
}
