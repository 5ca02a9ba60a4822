import type pg from 'pg';
import { requestEmailChange } from './auth-email-change.ts';
import { checkFrequency, mailToken, newOtp, tokenHash, verifyLink } from './auth-otp.ts';
import { authError, safeRedirect, userMetadata } from './auth-rules.ts';
import { sendConfirmation, signup } from './auth-signup.ts';
import { mailLocale } from './auth-templates.ts';
import { type AuthContext, validEmail } from './auth-user.ts';

/**
 * The GoTrue endpoints that mail a code: /recover, /otp (e-mail), /resend and /reauthenticate
 * (internal/api/recover.go, otp.go, magic_link.go, resend.go, reauthenticate.go, mail.go).
 * /recover and /resend answer `{}` whether or not the address has an account.
 */
type Found = {
  id: string;
  email: string;
  confirmed: boolean;
  email_change: string | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
};

async function findByEmail(pool: pg.Pool, email: string): Promise<Found | undefined> {
  const r = await pool.query<Found>(
    `select id, email, email_confirmed_at is not null as confirmed, email_change, confirmation_sent_at,
            recovery_sent_at
       from auth.users where lower(email) = $1 and deleted_at is null`,
    [email],
  );
  return r.rows[0];
}

/**
 * mail.go sendPasswordRecovery / sendMagicLink: both use recovery_token and recovery_sent_at; the
 * mail in the member's mail language.
 */
async function sendRecovery(
  ctx: AuthContext,
  user: Found,
  type: 'recovery' | 'magiclink',
  redirectTo: string | null,
) {
  checkFrequency(user.recovery_sent_at, ctx.otp);
  const otp = newOtp();
  const hash = tokenHash(user.email, otp);
  await ctx.pool.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [
    user.id,
    hash,
  ]);
  const link = verifyLink(ctx.publicUrl, hash, type, safeRedirect(redirectTo, ctx.redirects));
  const locale = await mailLocale(ctx.pool, user.id);
  await mailToken(ctx.dataDir, { to: user.email, type, link, otp, locale });
}

/**
 * POST /recover (recover.go): `{}` for a known and an unknown address alike, in the same time: the
 * limits are checked before the lookup (./auth-limits.ts) and the mail is written after the answer,
 * so neither the status, the body nor the timing tells whether the address has an account.
 */
export async function recover(
  ctx: AuthContext,
  body: Record<string, unknown>,
  redirectTo: string | null,
  ip = 'unknown',
) {
  if (!body['email']) throw authError(400, 'validation_failed', 'Password recovery requires an email');
  const email = validEmail(body['email']);
  ctx.sendLimits.check(email, ip);
  const user = await findByEmail(ctx.pool, email);
  if (user) {
    sendRecovery(ctx, user, 'recovery', redirectTo).catch((error: unknown) => {
      console.error(`local auth: recovery mail to ${user.email} failed:`, error);
    });
  }
  return {};
}

/** POST /otp with an e-mail (otp.go Otp + magic_link.go MagicLink). */
export async function otp(ctx: AuthContext, body: Record<string, unknown>, redirectTo: string | null) {
  if (body['email'] && body['phone']) {
    throw authError(400, 'validation_failed', 'Only an email address or phone number should be provided');
  }
  if (body['phone']) throw authError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  if (!body['email']) throw authError(400, 'validation_failed', 'One of email or phone must be set');
  const email = validEmail(body['email']);
  const user = await findByEmail(ctx.pool, email);
  // otp.go shouldCreateUser: GoTrue itself answers an unknown address differently here.
  if (body['create_user'] === false && !user) {
    throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
  }
  if (!user) {
    // magic_link.go: a new address signs up (random password) and gets the confirmation mail.
    const password = `${crypto.randomUUID()}${crypto.randomUUID()}`.slice(0, 64);
    await signup(ctx, { email, password, data: userMetadata(body['data']) ?? {} }, redirectTo);
    return {};
  }
  if (!user.confirmed) sendConfirmation(ctx, user, redirectTo);
  else await sendRecovery(ctx, user, 'magiclink', redirectTo);
  return {};
}

/** POST /resend (resend.go): signup and email_change; `{}` when there is nothing to resend. */
export async function resend(ctx: AuthContext, body: Record<string, unknown>, redirectTo: string | null) {
  const type = body['type'];
  if (type !== 'signup' && type !== 'email_change') {
    if (type === 'sms' || type === 'phone_change') {
      throw authError(400, 'phone_provider_disabled', 'Phone logins are disabled');
    }
    throw authError(
      400,
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  if (!body['email']) throw authError(400, 'validation_failed', 'Type provided requires an email address');
  const user = await findByEmail(ctx.pool, validEmail(body['email']));
  if (!user) return {};
  if (type === 'signup') {
    if (!user.confirmed) sendConfirmation(ctx, user, redirectTo);
    return {};
  }
  if (!user.email_change) return {};
  await requestEmailChange(ctx, user, user.email_change, safeRedirect(redirectTo, ctx.redirects));
  return {};
}

/** GET /reauthenticate (reauthenticate.go): mails a nonce for PUT /user { password, nonce }. */
export async function reauthenticate(
  ctx: AuthContext,
  user: { id: string; email: string; email_confirmed_at: Date | null },
) {
  if (!user.email) {
    throw authError(
      400,
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (!user.email_confirmed_at)
    throw authError(422, 'email_not_confirmed', 'Please verify your email first.');
  const r = await ctx.pool.query<{ sent: Date | null }>(
    'select reauthentication_sent_at as sent from auth.users where id = $1',
    [user.id],
  );
  checkFrequency(r.rows[0]?.sent ?? null, ctx.otp);
  const nonce = newOtp();
  await ctx.pool.query(
    'update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1',
    [user.id, tokenHash(user.email, nonce)],
  );
  // templatemailer.go: subject "{{ .Token }} is your verification code", no link; here in the
  // member's mail language.
  const locale = await mailLocale(ctx.pool, user.id);
  await mailToken(ctx.dataDir, { to: user.email, type: 'reauthentication', otp: nonce, locale });
  return {};
}

/** user.go + reauthenticate.go verifyReauthentication: the nonce is single-use and expires. */
export async function consumeNonce(ctx: AuthContext, user: { id: string; email: string }, nonce: string) {
  const invalid = () => authError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
  const r = await ctx.pool.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null
      where id = $1 and reauthentication_token <> '' and reauthentication_token = $2
        and reauthentication_sent_at > now() - make_interval(secs => $3)`,
    [user.id, tokenHash(user.email, nonce), ctx.otp.otpExpiry],
  );
  if (r.rowCount === 0) throw invalid();
}
