import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { checkFrequency, type OtpSettings } from './auth-otp.ts';
import { authError } from './auth-rules.ts';
import { SUPABASE_DIR } from './migrate.ts';

/**
 * The limits of the mail-sending endpoints that must not tell whether an address has an account
 * (/recover). GoTrue checks max_frequency against the user row (recover.go -> mail.go
 * validateSentWithinFrequencyLimit), so a known address gets a 429 where an unknown one gets `{}`:
 * an oracle. The local stack checks the address before any lookup instead, known or not, and
 * counts mails per client IP as GoTrue's RATE_LIMIT_EMAIL_SENT limiter does (`[auth.rate_limit]
 * email_sent`, per hour; GoTrue keys its limiters by the RATE_LIMIT_HEADER, here X-Forwarded-For
 * when present, else the socket's address).
 */
export type SendLimits = { check: (email: string, ip: string) => void };

const HOUR_MS = 3600 * 1000;
const DEFAULT_EMAIL_SENT = 30;

/** `[auth.rate_limit] email_sent` of supabase/config.toml (env LOCAL_AUTH_RATE_LIMIT_EMAIL_SENT wins). */
export function readEmailSentLimit(file = join(SUPABASE_DIR, 'config.toml')): number {
  const env = Number(process.env['LOCAL_AUTH_RATE_LIMIT_EMAIL_SENT']);
  if (Number.isInteger(env) && env > 0) return env;
  const section =
    readFileSync(file, 'utf8')
      .split(/^\[auth\.rate_limit\]\s*$/m)[1]
      ?.split(/^\[/m)[0] ?? '';
  const value = Number(/^email_sent\s*=\s*(\d+)/m.exec(section)?.[1]);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_EMAIL_SENT;
}

/** GoTrue's RATE_LIMIT_HEADER (X-Forwarded-For's first hop), else the peer address. */
export function clientIp(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || req.socket.remoteAddress || 'unknown';
}

export function createSendLimits(settings: OtpSettings, emailSentPerHour: number): SendLimits {
  const lastByAddress = new Map<string, Date>();
  const sentByIp = new Map<string, number[]>();
  return {
    check(email, ip) {
      const now = Date.now();
      const recent = (sentByIp.get(ip) ?? []).filter((t) => t > now - HOUR_MS);
      if (recent.length >= emailSentPerHour) {
        sentByIp.set(ip, recent);
        throw authError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
      }
      checkFrequency(lastByAddress.get(email) ?? null, settings);
      recent.push(now);
      sentByIp.set(ip, recent);
      lastByAddress.set(email, new Date(now));
      // Forget addresses whose window has passed, so the map stays small.
      if (lastByAddress.size > 10_000) {
        for (const [address, at] of lastByAddress) {
          if (at.getTime() < now - settings.maxFrequency * 1000) lastByAddress.delete(address);
        }
      }
    },
  };
}
