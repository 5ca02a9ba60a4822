import { createHash, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { authError } from './auth-rules.ts';
import { type AuthMailType, type MailLocale, renderAuthMail } from './auth-templates.ts';
import { captureMail } from './mail.ts';
import { SUPABASE_DIR } from './migrate.ts';

/**
 * GoTrue's one-time tokens (github.com/supabase/auth internal/crypto/crypto.go, internal/api/mail.go):
 * a 6-digit OTP is mailed; only its hash `sha224(email + otp)` as hex is stored (GenerateTokenHash
 * uses sha256.Sum224), and the mailed link carries that hash as `token`. A token is valid until
 * `<x>_sent_at + otp_expiry` and cleared when used.
 */
export type OtpSettings = {
  /** [auth.email] otp_expiry in seconds (GoTrue MAILER_OTP_EXP). */
  otpExpiry: number;
  /** [auth.email] max_frequency in seconds (GoTrue SMTP_MAX_FREQUENCY): one mail per address per kind. */
  maxFrequency: number;
  /** [auth.email] secure_password_change (GoTrue SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION). */
  securePasswordChange: boolean;
};

const OTP_LENGTH = 6; // GoTrue MAILER_OTP_LENGTH default

/** Go's time.ParseDuration for the units config and ban_duration use (h, m, s, ms); seconds, or null. */
export function parseGoDuration(value: string): number | null {
  if (value === '0') return 0;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) return null;
  const unit: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  return parts.reduce((sum, p) => sum + Number(p[1]) * (unit[p[2] as string] as number), 0);
}

/** The [auth.email] settings of supabase/config.toml, with GoTrue's defaults where absent. */
export function readOtpSettings(file = join(SUPABASE_DIR, 'config.toml')): OtpSettings {
  const text = readFileSync(file, 'utf8');
  const section = text.split(/^\[auth\.email\]\s*$/m)[1]?.split(/^\[/m)[0] ?? '';
  const value = (key: string) =>
    new RegExp(`^${key}\\s*=\\s*"?([^"\\n#]*)"?`, 'm').exec(section)?.[1]?.trim();
  const envExpiry = process.env['LOCAL_AUTH_OTP_EXPIRY'];
  return {
    otpExpiry: Number(envExpiry ?? value('otp_expiry') ?? 3600),
    maxFrequency: parseGoDuration(value('max_frequency') ?? '60s') ?? 60,
    securePasswordChange: value('secure_password_change') === 'true',
  };
}

export const newOtp = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/** crypto.GenerateTokenHash: hex of sha224(email + otp). */
export const tokenHash = (email: string, otp: string) =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

/** validateSentWithinFrequencyLimit + generateFrequencyLimitErrorMessage (internal/api/errors.go). */
export function checkFrequency(sentAt: Date | null, settings: OtpSettings): void {
  if (!sentAt) return;
  const leftMs = sentAt.getTime() + settings.maxFrequency * 1000 - Date.now();
  if (leftMs > 0) {
    throw authError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.floor(leftMs / 1000)} seconds.`,
    );
  }
}

/** isOtpExpired: now after sent_at + otp_expiry. */
export const isExpired = (sentAt: Date | null, settings: OtpSettings) =>
  !sentAt || Date.now() > sentAt.getTime() + settings.otpExpiry * 1000;

/** templatemailer getPath: `{API}/verify?token=<hash>&type=<type>&redirect_to=<redirect>`. */
export const verifyLink = (publicUrl: string, hash: string, type: string, redirectTo: string) =>
  `${publicUrl}/auth/v1/verify?token=${encodeURIComponent(hash)}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;

/**
 * Mails a link and its code, as GoTrue's default templates carry both ConfirmationURL and Token,
 * in the recipient's language (./auth-templates.ts).
 */
export async function mailToken(
  dataDir: string,
  mail: { to: string; type: AuthMailType; link?: string; otp: string; locale: MailLocale },
): Promise<void> {
  const { subject, codeLabel } = renderAuthMail(mail.type, mail.locale, mail.otp);
  await captureMail(dataDir, {
    to: mail.to,
    subject,
    ...(mail.link && { link: mail.link }),
    code: mail.otp,
    codeLabel,
  });
}

/**
 * Sends a mail after the answer has gone out, so an endpoint takes the same time whether or not
 * it mails (an account-existence oracle otherwise); a failure is logged, as GoTrue's async mailer.
 */
export function mailLater(what: string, send: () => Promise<void>): void {
  setImmediate(() => {
    send().catch((error: unknown) => console.error(`local auth: ${what} failed:`, error));
  });
}
