import { randomUUID } from 'node:crypto';
import { checkFrequency, mailLater, mailToken, newOtp, tokenHash, verifyLink } from './auth-otp.ts';
import {
  authError,
  checkEmailLength,
  checkPasswordLength,
  safeRedirect,
  userMetadata,
} from './auth-rules.ts';
import { mailLocale } from './auth-templates.ts';
import { type AuthContext, EMAIL_RE, USER_COLUMNS, type UserRow, userJson } from './auth-user.ts';

const MIN_PASSWORD = 6;

const weakPassword = () =>
  authError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD} characters.`, {
    weak_password: {
      reasons: ['length'],
      message: `Password should be at least ${MIN_PASSWORD} characters.`,
    },
  });

export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD) throw weakPassword();
  checkPasswordLength(password);
}

/**
 * mail.go sendConfirmation: at most one per max_frequency, a new code whose hash replaces the
 * stored confirmation_token, the link and the code mailed in the person's mail language (for a
 * new sign-up the `locale` of its metadata, through private.mail_locale).
 */
export function sendConfirmation(
  ctx: AuthContext,
  user: { id: string; email: string; confirmation_sent_at?: Date | null },
  redirectTo: string | null,
): void {
  checkFrequency(user.confirmation_sent_at ?? null, ctx.otp);
  // After the answer, so /resend and /otp take the same time for a known and an unknown address.
  mailLater(`confirmation mail to ${user.email}`, () => mailConfirmation(ctx, user, redirectTo));
}

/** sendConfirmation after the frequency check: the token stored, the mail sent. */
async function mailConfirmation(
  ctx: AuthContext,
  user: { id: string; email: string },
  redirectTo: string | null,
): Promise<void> {
  const otp = newOtp();
  const hash = tokenHash(user.email, otp);
  await ctx.pool.query(
    'update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1',
    [user.id, hash],
  );
  const link = verifyLink(ctx.publicUrl, hash, 'signup', safeRedirect(redirectTo, ctx.redirects));
  const locale = await mailLocale(ctx.pool, user.id);
  await mailToken(ctx.dataDir, { to: user.email, type: 'signup', link, otp, locale });
}

type Existing = UserRow & { confirmation_sent_at: Date | null };

/**
 * signup.go for an address that has an account. Confirmed, with confirmations on: GoTrue answers
 * 200 with an obfuscated user (sanitizeUser: a random id, the request's metadata, no mail) where
 * a new address gets its user, so the answer does not tell; the password is hashed all the same,
 * so the time does not tell either. Unconfirmed: the confirmation mail again (max_frequency).
 * With confirmations off GoTrue answers 422 user_already_exists.
 */
async function signupExisting(
  ctx: AuthContext,
  user: Existing,
  password: string,
  data: Record<string, unknown>,
  redirectTo: string | null,
) {
  if (!ctx.confirmEmails) throw authError(422, 'user_already_exists', 'User already registered');
  if (!user.email_confirmed_at) {
    sendConfirmation(ctx, user, redirectTo);
    return userJson(user);
  }
  await ctx.pool.query("select extensions.crypt($1, extensions.gen_salt('bf', 8))", [password]);
  const now = new Date();
  return userJson({
    id: randomUUID(),
    email: user.email,
    email_confirmed_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: data,
    created_at: now,
    updated_at: now,
  });
}

/** POST /signup (internal/api/signup.go): a session when confirmations are off, else the user and a mail. */
export async function signup(ctx: AuthContext, body: Record<string, unknown>, redirectTo: string | null) {
  const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
  const password = typeof body['password'] === 'string' ? body['password'] : '';
  if (!email) throw authError(400, 'validation_failed', 'Signup requires a valid password');
  if (!EMAIL_RE.test(email)) {
    throw authError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
  }
  checkEmailLength(email);
  checkPassword(password);
  const data = userMetadata(body['data']) ?? {};
  const found = await ctx.pool.query<Existing>(
    `select ${USER_COLUMNS}, confirmation_sent_at from auth.users where lower(email) = $1 and deleted_at is null`,
    [email],
  );
  if (found.rows[0]) return signupExisting(ctx, found.rows[0], password, data, redirectTo);
  let user: UserRow | undefined;
  try {
    const r = await ctx.pool.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, raw_app_meta_data, raw_user_meta_data,
         recovery_token, email_change_token_new, email_change)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
         extensions.crypt($3, extensions.gen_salt('bf', 8)), case when $4 then null else now() end,
         '', '{"provider":"email","providers":["email"]}', $5, '', '', '')
       returning ${USER_COLUMNS}`,
      [randomUUID(), email, password, ctx.confirmEmails, JSON.stringify(data)],
    );
    user = r.rows[0];
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw authError(422, 'user_already_exists', 'User already registered');
    }
    throw authError(500, 'unexpected_failure', `Database error saving new user: ${(error as Error).message}`);
  }
  if (!user) throw authError(500, 'unexpected_failure', 'Database error saving new user');
  await ctx.pool.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider)
     values ($1::text, $2::uuid, jsonb_build_object('sub', $1::text, 'email', $3::text), 'email')`,
    [user.id, user.id, email],
  );
  if (ctx.confirmEmails) {
    // After the answer, as for an existing address (signupExisting): the time tells nothing.
    const created = user;
    mailLater(`confirmation mail to ${email}`, () => mailConfirmation(ctx, created, redirectTo));
    return userJson(user);
  }
  return ctx.sessions.issueSession(await ctx.sessions.touchSignIn(user.id));
}
