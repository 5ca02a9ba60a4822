import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { emailChangeRedirect, requestEmailChange } from './auth-email-change.ts';
import { notFoundToken, refreshRotation } from './auth-refresh.ts';
import {
  authError,
  checkEmailLength,
  checkPasswordLength,
  readRedirectConfig,
  safeRedirect,
  userMetadata,
} from './auth-rules.ts';
import { CORS_HEADERS, readJson, sendJson } from './http-util.ts';
import { bearerToken, signJwt, verifyJwt } from './jwt.ts';
import { captureMail } from './mail.ts';

/** The GoTrue subset that supabase-js uses, with GoTrue's response and error shapes. */
export type AuthOptions = { pool: pg.Pool; publicUrl: string; dataDir: string; confirmEmails: boolean };

const ACCESS_TOKEN_SECONDS = 3600;
const MIN_PASSWORD = 6;
const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

type UserRow = {
  id: string;
  email: string;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
};

const weakPassword = () =>
  authError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD} characters.`, {
    weak_password: {
      reasons: ['length'],
      message: `Password should be at least ${MIN_PASSWORD} characters.`,
    },
  });

function userJson(u: UserRow) {
  return {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: u.email_confirmed_at,
    phone: '',
    confirmed_at: u.email_confirmed_at,
    last_sign_in_at: u.last_sign_in_at,
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: [],
    created_at: u.created_at,
    updated_at: u.updated_at,
    is_anonymous: false,
  };
}

const USER_COLUMNS =
  'id, email, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at';

export function createAuthHandler(options: AuthOptions) {
  const { pool } = options;
  const redirects = readRedirectConfig();

  /** A new access token; a new refresh token too unless `reuse` (GoTrue's answer to a parallel refresh). */
  async function issueSession(
    user: UserRow,
    sessionId: string = randomUUID(),
    { parent = null, reuse = null }: { parent?: string | null; reuse?: string | null } = {},
  ) {
    await pool.query('insert into auth.sessions (id, user_id) values ($1, $2) on conflict (id) do nothing', [
      sessionId,
      user.id,
    ]);
    const refreshToken = reuse ?? randomBytes(18).toString('base64url');
    if (!reuse) {
      await pool.query(
        'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
        [refreshToken, user.id, sessionId, parent],
      );
    }
    const accessToken = await signJwt(
      {
        aud: 'authenticated',
        sub: user.id,
        email: user.email,
        phone: '',
        role: 'authenticated',
        app_metadata: user.raw_app_meta_data ?? {},
        user_metadata: user.raw_user_meta_data ?? {},
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
        session_id: sessionId,
        is_anonymous: false,
      },
      ACCESS_TOKEN_SECONDS,
    );
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      expires_at: Math.floor(Date.now() / 1000) + ACCESS_TOKEN_SECONDS,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  async function currentUser(req: IncomingMessage): Promise<UserRow> {
    const claims = await verifyJwt(bearerToken(req.headers));
    if (!claims?.sub) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    if (claims.session_id) {
      const s = await pool.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
      if (s.rowCount === 0) {
        throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
    }
    const r = await pool.query<UserRow & { banned: boolean }>(
      `select ${USER_COLUMNS}, coalesce(banned_until > now(), false) as banned from auth.users
        where id = $1 and deleted_at is null`,
      [claims.sub],
    );
    const user = r.rows[0];
    if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (user.banned) throw authError(403, 'user_banned', 'User is banned');
    return user;
  }

  async function signup(body: Record<string, unknown>, redirectTo: string | null) {
    const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
    const password = typeof body['password'] === 'string' ? body['password'] : '';
    if (!email) throw authError(400, 'validation_failed', 'Signup requires a valid password');
    if (!EMAIL_RE.test(email)) {
      throw authError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
    }
    checkEmailLength(email);
    if (password.length < MIN_PASSWORD) throw weakPassword();
    checkPasswordLength(password);
    const data = userMetadata(body['data']) ?? {};
    const confirmationToken = options.confirmEmails ? randomBytes(20).toString('hex') : '';
    let user: UserRow | undefined;
    try {
      const r = await pool.query<UserRow>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           confirmation_token, confirmation_sent_at, raw_app_meta_data, raw_user_meta_data,
           recovery_token, email_change_token_new, email_change)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
           extensions.crypt($3, extensions.gen_salt('bf', 8)), case when $4 then null else now() end,
           $5, case when $4 then now() end, '{"provider":"email","providers":["email"]}', $6, '', '', '')
         returning ${USER_COLUMNS}`,
        [randomUUID(), email, password, options.confirmEmails, confirmationToken, JSON.stringify(data)],
      );
      user = r.rows[0];
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw authError(422, 'user_already_exists', 'User already registered');
      }
      throw authError(
        500,
        'unexpected_failure',
        `Database error saving new user: ${(error as Error).message}`,
      );
    }
    if (!user) throw authError(500, 'unexpected_failure', 'Database error saving new user');
    await pool.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider)
       values ($1::text, $2::uuid, jsonb_build_object('sub', $1::text, 'email', $3::text), 'email')`,
      [user.id, user.id, email],
    );
    if (options.confirmEmails) {
      const link = `${options.publicUrl}/auth/v1/verify?token=${confirmationToken}&type=signup&redirect_to=${encodeURIComponent(safeRedirect(redirectTo, redirects))}`;
      await captureMail(options.dataDir, { to: email, subject: 'Confirm your signup', link });
      return userJson(user);
    }
    return issueSession(await touchSignIn(user.id));
  }

  async function touchSignIn(id: string): Promise<UserRow> {
    const r = await pool.query<UserRow>(
      `update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`,
      [id],
    );
    return r.rows[0] as UserRow;
  }

  async function passwordGrant(body: Record<string, unknown>) {
    const email = typeof body['email'] === 'string' ? body['email'].trim() : '';
    const password = typeof body['password'] === 'string' ? body['password'] : '';
    if (!email || !password) throw authError(400, 'validation_failed', 'missing email or phone');
    const r = await pool.query<UserRow & { banned: boolean; null_tokens: boolean }>(
      `select ${USER_COLUMNS}, coalesce(banned_until > now(), false) as banned,
              (confirmation_token is null or recovery_token is null or email_change_token_new is null
               or email_change is null) as null_tokens
         from auth.users
        where lower(email) = lower($1) and deleted_at is null
          and encrypted_password = extensions.crypt($2, encrypted_password)`,
      [email, password],
    );
    const user = r.rows[0];
    if (!user) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
    // GoTrue scans these columns as strings and fails on NULL (supabase/auth#1940).
    if (user.null_tokens) throw authError(500, 'unexpected_failure', 'Database error querying schema');
    if (user.banned) throw authError(400, 'user_banned', 'User is banned');
    if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
    return issueSession(await touchSignIn(user.id));
  }

  async function refreshGrant(body: Record<string, unknown>) {
    const token = typeof body['refresh_token'] === 'string' ? body['refresh_token'] : '';
    const outcome = await refreshRotation(pool, token);
    if ('error' in outcome) throw outcome.error;
    const u = await pool.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [
      outcome.userId,
    ]);
    if (!u.rows[0]) throw notFoundToken();
    return issueSession(u.rows[0], outcome.sessionId, { parent: token, reuse: outcome.reuse });
  }

  async function updateUser(req: IncomingMessage, body: Record<string, unknown>, redirectTo: string | null) {
    const user = await currentUser(req);
    const password = body['password'];
    if (typeof password === 'string' && password.length < MIN_PASSWORD) throw weakPassword();
    if (typeof password === 'string') checkPasswordLength(password);
    const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : null;
    if (email !== null) checkEmailLength(email);
    if (email !== null && !EMAIL_RE.test(email)) {
      throw authError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
    }
    const metadata = userMetadata(body['data']);
    const data = metadata ? JSON.stringify(metadata) : null;
    // With confirmations on, a new address waits for both links (auth-email-change.ts); with them
    // off GoTrue applies it at once.
    const changesEmail = email !== null && email !== user.email.toLowerCase();
    if (changesEmail && options.confirmEmails) {
      await requestEmailChange(options, user, email, safeRedirect(redirectTo, redirects));
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
          typeof password === 'string' ? password : null,
          changesEmail && !options.confirmEmails ? email : null,
          data,
        ],
      );
      return userJson(r.rows[0] as UserRow);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      throw error;
    }
  }

  async function logout(req: IncomingMessage, scope: string) {
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

  async function verify(url: URL, res: ServerResponse) {
    // Tokens are hex; anything else (NUL, odd bytes) cannot match and never reaches a query.
    const raw = url.searchParams.get('token') ?? '';
    const token = /^[0-9a-f]{1,255}$/i.test(raw) ? raw : '';
    // GoTrue's allow-list: site_url's host or additional_redirect_urls, else site_url.
    const redirectTo = safeRedirect(url.searchParams.get('redirect_to'), redirects);
    if (url.searchParams.get('type') === 'email_change') return verifyChange(token, redirectTo, res);
    const r = await pool.query<UserRow>(
      `update auth.users set email_confirmed_at = now(), confirmation_token = ''
        where confirmation_token = $1 and $1 <> '' returning ${USER_COLUMNS}`,
      [token],
    );
    const user = r.rows[0];
    if (!user) {
      res.writeHead(303, { location: `${redirectTo}#error=access_denied&error_code=otp_expired` });
      res.end();
      return;
    }
    const s = await issueSession(await touchSignIn(user.id));
    const fragment = new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      token_type: 'bearer',
      type: 'signup',
    });
    res.writeHead(303, { location: `${redirectTo}#${fragment}` });
    res.end();
  }

  /** An e-mail-change link: the redirect GoTrue answers (auth-email-change.ts). */
  async function verifyChange(token: string, redirectTo: string, res: ServerResponse) {
    const location = await emailChangeRedirect(pool, token, redirectTo, async (id) => {
      const u = await pool.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
      return issueSession(u.rows[0] as UserRow);
    });
    res.writeHead(303, { location });
    res.end();
  }

  return async function handleAuth(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/signup') {
      return sendJson(res, 200, await signup(await readJson(req), url.searchParams.get('redirect_to')));
    }
    if (method === 'POST' && path === '/token') {
      const grant = url.searchParams.get('grant_type');
      const body = await readJson(req);
      if (grant === 'password') return sendJson(res, 200, await passwordGrant(body));
      if (grant === 'refresh_token') return sendJson(res, 200, await refreshGrant(body));
      throw authError(400, 'validation_failed', 'unsupported_grant_type');
    }
    if (method === 'GET' && path === '/user') return sendJson(res, 200, userJson(await currentUser(req)));
    if (method === 'PUT' && path === '/user')
      return sendJson(
        res,
        200,
        await updateUser(req, await readJson(req), url.searchParams.get('redirect_to')),
      );
    if (method === 'POST' && path === '/logout') {
      await logout(req, url.searchParams.get('scope') ?? 'global');
      // The browser drops a cross-origin answer without CORS headers, and supabase-js then keeps
      // the session: a 204 needs them as much as any JSON answer.
      res.writeHead(204, CORS_HEADERS);
      return res.end();
    }
    if (method === 'GET' && path === '/verify') return verify(url, res);
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
