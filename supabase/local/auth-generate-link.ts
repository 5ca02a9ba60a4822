import { assertEmailFree } from './auth-email-change.ts';
import { newOtp, tokenHash, verifyLink } from './auth-otp.ts';
import { authError, safeRedirect } from './auth-rules.ts';
import { type AuthContext, USER_COLUMNS, type UserRow, userJson, validEmail } from './auth-user.ts';

/**
 * POST /admin/generate_link (internal/api/mail.go adminGenerateLink) for the e-mail-change types
 * the site uses (POST /api/account/email): `email_change_current` and `email_change_new` store
 * the pending address and one hashed token, mail nothing, and answer the user with
 * `action_link`, `email_otp`, `hashed_token`, `verification_type` and `redirect_to`. As in
 * GoTrue, `hashed_token` is sha224(email + otp) of the current address for both types, while the
 * stored new-address token is sha224(new_email + otp): only `action_link` verifies the new one.
 * The other types (signup, invite, magiclink, recovery) are not used by the site.
 */
const TYPES = ['email_change_current', 'email_change_new'] as const;

export async function adminGenerateLink(ctx: AuthContext, body: Record<string, unknown>) {
  const email = validEmail(body['email']);
  const redirectTo = safeRedirect(
    typeof body['redirect_to'] === 'string' ? body['redirect_to'] : null,
    ctx.redirects,
  );
  const type = body['type'];
  if (!TYPES.includes(type as (typeof TYPES)[number])) {
    throw authError(
      404,
      'not_found',
      `generate_link type "${String(type)}" is not supported by the local stack`,
    );
  }
  const found = await ctx.pool.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null`,
    [email],
  );
  const user = found.rows[0];
  if (!user) throw authError(404, 'user_not_found', 'User with this email not found');
  const newEmail = validEmail(body['new_email']);
  await assertEmailFree(ctx.pool, newEmail, user.id);
  const otp = newOtp();
  const hashedToken = tokenHash(email, otp);
  const current = type === 'email_change_current';
  const token = current ? hashedToken : tokenHash(newEmail, otp);
  const r = await ctx.pool.query<UserRow>(
    `update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0,
            email_change_token_current = case when $3 then $4 else email_change_token_current end,
            email_change_token_new = case when $3 then email_change_token_new else $4 end, updated_at = now()
      where id = $1 returning ${USER_COLUMNS}`,
    [user.id, newEmail, current, token],
  );
  return {
    ...userJson(r.rows[0] as UserRow),
    action_link: verifyLink(ctx.publicUrl, token, 'email_change', redirectTo),
    email_otp: otp,
    hashed_token: hashedToken,
    verification_type: type,
    redirect_to: redirectTo,
  };
}
