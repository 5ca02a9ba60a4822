import type pg from 'pg';
import {
  checkFrequency,
  mailLater,
  mailToken,
  newOtp,
  type OtpSettings,
  tokenHash,
  verifyLink,
} from './auth-otp.ts';
import { authError } from './auth-rules.ts';
import { mailLocale } from './auth-templates.ts';

/**
 * A change of a confirmed account's e-mail address, as GoTrue does it with confirmations on
 * (`mailer_autoconfirm: false`) and secure e-mail change (`double_confirm_changes = true`):
 * `auth.users.email` keeps the old, confirmed address; the new one waits in `email_change` with a
 * token mailed to it and another mailed to the old address. Only when both links were opened does
 * the new address replace the old one. So `email` with `email_confirmed_at` set is always an
 * address its owner confirmed, which the database relies on (newsletter_my_status).
 * With confirmations off GoTrue applies the change at once; the caller does that itself.
 */
export type EmailChangeOptions = { pool: pg.Pool; publicUrl: string; dataDir: string; otp: OtpSettings };

/**
 * user.go UserUpdate (and admin generate_link, mail.go): a new address that another account has
 * (models.IsDuplicatedEmail) is refused with 422 email_exists before anything changes. That answer
 * tells a signed-in member whether an address has an account; the site therefore changes e-mail
 * addresses through its own endpoint (POST /api/account/email), which answers the same for both.
 */
export async function assertEmailFree(pool: pg.Pool, email: string, userId: string): Promise<void> {
  const taken = await pool.query('select 1 from auth.users where lower(email) = lower($1) and id <> $2', [
    email,
    userId,
  ]);
  if (taken.rowCount) {
    throw authError(422, 'email_exists', 'A user with this email address has already been registered');
  }
}

/** Stores the pending change and mails both links, in the member's mail language, after the answer. */
export async function requestEmailChange(
  options: EmailChangeOptions,
  user: { id: string; email: string },
  newEmail: string,
  redirectTo: string,
): Promise<void> {
  // mail.go sendEmailChange: one per max_frequency, a code per address, stored as sha224(address + code).
  const sent = await options.pool.query<{ at: Date | null }>(
    'select email_change_sent_at as at from auth.users where id = $1',
    [user.id],
  );
  checkFrequency(sent.rows[0]?.at ?? null, options.otp);
  const otpNew = newOtp();
  const otpCurrent = newOtp();
  const forNew = tokenHash(newEmail, otpNew);
  const forCurrent = tokenHash(user.email, otpCurrent);
  await options.pool.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
            email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
      where id = $1`,
    [user.id, newEmail, forNew, forCurrent],
  );
  const link = (t: string) => verifyLink(options.publicUrl, t, 'email_change', redirectTo);
  mailLater(`e-mail change mails for ${user.email}`, async () => {
    const locale = await mailLocale(options.pool, user.id);
    const type = 'email_change';
    await mailToken(options.dataDir, { to: newEmail, type, link: link(forNew), otp: otpNew, locale });
    await mailToken(options.dataDir, {
      to: user.email,
      type,
      link: link(forCurrent),
      otp: otpCurrent,
      locale,
    });
  });
}

/**
 * Opens one e-mail-change link: `none` when the token matches no pending change, `half` when the
 * other link is still to be opened, else the id of the user whose address is now the new one.
 */
export async function verifyEmailChange(
  pool: pg.Pool,
  value: string,
  otpExpiry = 3600,
): Promise<{ outcome: 'none' | 'half' | 'done' | 'taken'; userId?: string }> {
  if (!value) return { outcome: 'none' };
  const r = await pool.query<{ id: string; pending: boolean }>(
    `update auth.users set
        email_change_token_new = case when email_change_token_new = $1 then '' else email_change_token_new end,
        email_change_token_current = case when email_change_token_current = $1 then '' else email_change_token_current end,
        email_change_confirm_status = email_change_confirm_status + 1
      where coalesce(email_change, '') <> '' and (email_change_token_new = $1 or email_change_token_current = $1)
        and email_change_sent_at > now() - make_interval(secs => $2)
      returning id, (email_change_token_new <> '' or coalesce(email_change_token_current, '') <> '') as pending`,
    [value, otpExpiry],
  );
  const row = r.rows[0];
  if (!row) return { outcome: 'none' };
  if (row.pending) return { outcome: 'half', userId: row.id };
  try {
    await pool.query(
      `with moved as (
         update auth.users set email = email_change, email_change = '', email_change_confirm_status = 0,
                email_change_sent_at = null, updated_at = now()
          where id = $1 returning id, email)
       update auth.identities i set identity_data = i.identity_data || jsonb_build_object('email', moved.email)
         from moved where i.user_id = moved.id and i.provider = 'email'`,
      [row.id],
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return { outcome: 'taken', userId: row.id };
    throw error;
  }
  return { outcome: 'done', userId: row.id };
}
