import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { authError } from './auth-rules.ts';
import { bearerToken, signJwt, verifyJwt } from './jwt.ts';

/** The user row, its JSON (GoTrue's models.User) and the sessions GoTrue issues for it. */
export type UserRow = {
  id: string;
  email: string;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  banned_until?: Date | null;
  email_change?: string | null;
  email_change_sent_at?: Date | null;
};

export const USER_COLUMNS =
  'id, email, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, email_change, email_change_sent_at';

const ACCESS_TOKEN_SECONDS = 3600;

export function userJson(u: UserRow) {
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
    ...(u.banned_until ? { banned_until: u.banned_until } : {}),
    // models/user.go: EmailChange `json:"new_email,omitempty"`, the address waiting for its links.
    ...(u.email_change ? { new_email: u.email_change, email_change_sent_at: u.email_change_sent_at } : {}),
    is_anonymous: false,
  };
}

export type Session = Awaited<ReturnType<ReturnType<typeof createSessions>['issueSession']>>;

export function createSessions(pool: pg.Pool) {
  /** A new access token; a new refresh token too unless `reuse` (GoTrue's answer to a parallel refresh). */
  async function issueSession(
    user: UserRow,
    sessionId: string = randomUUID(),
    {
      parent = null,
      reuse = null,
      method = 'password',
    }: { parent?: string | null; reuse?: string | null; method?: string } = {},
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
        amr: [{ method, timestamp: Math.floor(Date.now() / 1000) }],
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

  /** The caller's user and session (its age decides whether a password change needs a nonce). */
  async function currentUser(req: IncomingMessage): Promise<UserRow & { sessionCreatedAt: Date | null }> {
    const claims = await verifyJwt(bearerToken(req.headers));
    if (!claims?.sub) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let sessionCreatedAt: Date | null = null;
    if (claims.session_id) {
      const s = await pool.query<{ created_at: Date }>('select created_at from auth.sessions where id = $1', [
        claims.session_id,
      ]);
      if (s.rowCount === 0) {
        throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
      sessionCreatedAt = s.rows[0]?.created_at ?? null;
    }
    const r = await pool.query<UserRow & { banned: boolean }>(
      `select ${USER_COLUMNS}, coalesce(banned_until > now(), false) as banned from auth.users
        where id = $1 and deleted_at is null`,
      [claims.sub],
    );
    const user = r.rows[0];
    if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (user.banned) throw authError(403, 'user_banned', 'User is banned');
    return { ...user, sessionCreatedAt };
  }

  async function touchSignIn(id: string): Promise<UserRow> {
    const r = await pool.query<UserRow>(
      `update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`,
      [id],
    );
    return r.rows[0] as UserRow;
  }

  return { issueSession, currentUser, touchSignIn };
}

/** What every auth flow module gets from auth.ts. */
export type AuthContext = {
  pool: pg.Pool;
  publicUrl: string;
  dataDir: string;
  confirmEmails: boolean;
  redirects: { siteUrl: string; allowList: string[] };
  otp: import('./auth-otp.ts').OtpSettings;
  sessions: ReturnType<typeof createSessions>;
  sendLimits: import('./auth-limits.ts').SendLimits;
};

export const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** GoTrue's validateEmail: trimmed, lower-cased, at most 255 characters, a valid format. */
export function validEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!EMAIL_RE.test(email) || email.length > 255) {
    throw authError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
  }
  return email;
}
