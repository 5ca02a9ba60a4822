import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HttpError } from './http-util.ts';
import { SUPABASE_DIR } from './migrate.ts';

/** GoTrue's input rules and redirect allow-list (github.com/supabase/auth, internal/api). */
export const authError = (
  status: number,
  errorCode: string,
  msg: string,
  extra: Record<string, unknown> = {},
) => new HttpError(status, { code: status, error_code: errorCode, msg, ...extra });

const MAX_EMAIL = 255;
const MAX_PASSWORD_BYTES = 72; // bcrypt reads no further; GoTrue refuses longer passwords
const MAX_METADATA_BYTES = 16 * 1024;
const MAX_METADATA_DEPTH = 8;

/** Refuses passwords GoTrue refuses before hashing (GoTrue: "Password cannot be longer than 72 characters"). */
export function checkPasswordLength(password: string): void {
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw authError(422, 'weak_password', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`, {
      weak_password: { reasons: ['length'], message: 'Password is too long' },
    });
  }
}

export function checkEmailLength(email: string): void {
  if (email.length > MAX_EMAIL) {
    throw authError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
  }
}

function depthOf(value: unknown, depth = 0): number {
  if (depth > MAX_METADATA_DEPTH) return depth;
  if (!value || typeof value !== 'object') return depth;
  let deepest = depth + 1;
  for (const item of Object.values(value)) deepest = Math.max(deepest, depthOf(item, depth + 1));
  return deepest;
}

/**
 * `data` of sign-up and PUT /user becomes user_metadata, which lands in every access token and in
 * other members' browsers: an object, at most 16 KB and 8 levels deep, or a 400.
 */
export function userMetadata(data: unknown): Record<string, unknown> | null {
  if (data === undefined || data === null) return null;
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw authError(400, 'validation_failed', 'user_metadata must be a JSON object');
  }
  if (Buffer.byteLength(JSON.stringify(data)) > MAX_METADATA_BYTES) {
    throw authError(400, 'validation_failed', `user_metadata may be at most ${MAX_METADATA_BYTES} bytes`);
  }
  if (depthOf(data) > MAX_METADATA_DEPTH) {
    throw authError(
      400,
      'validation_failed',
      `user_metadata may be nested at most ${MAX_METADATA_DEPTH} levels`,
    );
  }
  return data as Record<string, unknown>;
}

/** site_url and additional_redirect_urls of supabase/config.toml ([auth] section). */
export function readRedirectConfig(file = join(SUPABASE_DIR, 'config.toml')): {
  siteUrl: string;
  allowList: string[];
} {
  const text = readFileSync(file, 'utf8');
  const auth = text.split(/^\[auth\]\s*$/m)[1]?.split(/^\[/m)[0] ?? '';
  const siteUrl = /^site_url\s*=\s*"([^"]*)"/m.exec(auth)?.[1] ?? 'http://localhost:3000';
  const list = /^additional_redirect_urls\s*=\s*\[([^\]]*)\]/m.exec(auth)?.[1] ?? '';
  const allowList = [...list.matchAll(/"([^"]*)"/g)].map((m) => m[1] as string);
  return { siteUrl, allowList };
}

/** gobwas/glob as GoTrue uses it, with '.' and '/' as separators: `*` stays inside one part. */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^./]*';
    else if (char === '?') source += '[^./]';
    else source += char.replace(/[\\^$+.()|[\]{}]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/**
 * GoTrue's isRedirectURLValid: a redirect_to on the site's host, or matching an allow-list entry,
 * is kept; anything else falls back to site_url (so tokens never travel to another origin).
 */
export function safeRedirect(
  redirectTo: string | null,
  config: { siteUrl: string; allowList: string[] },
): string {
  if (!redirectTo) return config.siteUrl;
  let target: URL;
  try {
    target = new URL(redirectTo);
  } catch {
    return config.siteUrl;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return config.siteUrl;
  if (target.hostname === new URL(config.siteUrl).hostname) return target.href;
  if (config.allowList.some((pattern) => globToRegExp(pattern).test(redirectTo))) return target.href;
  return config.siteUrl;
}
