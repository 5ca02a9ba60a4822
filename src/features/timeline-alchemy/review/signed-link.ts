import { createHmac, timingSafeEqual } from 'node:crypto';
import { isLocalUrl } from '../shared/local-url.ts';

/**
 * Review-link tokens (server only): `<link id>.<expires, unix s>.<random>.<signature>`, where the
 * signature is base64url(HMAC-SHA256(secret, `id|expires|random`)). The endpoint checks the
 * signature (constant time) and the expiry before it asks the database anything; the database
 * then finds the link by the SHA-256 of the random part (the only thing it stores) and checks
 * its own expiry and revocation.
 */

/** Used only against a local stack; any other deployment must set REVIEW_LINK_SECRET. */
export const LOCAL_REVIEW_LINK_SECRET = 'local-dev-review-link-secret-do-not-use-in-production';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const B64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The signing secret: REVIEW_LINK_SECRET (at least 32 characters), or the local default when the
 * site talks to a local Supabase stack. Null means "not configured": review links are refused.
 */
export function reviewLinkSecret(
  supabaseUrl: string,
  env: Record<string, string | undefined> = typeof process === 'undefined' ? {} : process.env,
): string | null {
  const configured = env['REVIEW_LINK_SECRET'];
  if (configured && configured.length >= 32) return configured;
  return isLocalUrl(supabaseUrl) ? LOCAL_REVIEW_LINK_SECRET : null;
}

const sign = (secret: string, id: string, expires: number, random: string) =>
  createHmac('sha256', secret).update(`${id}|${expires}|${random}`).digest('base64url');

export function signReviewToken(
  secret: string,
  link: { id: string; random: string; expiresAt: string | Date },
): string {
  const expires = Math.floor(new Date(link.expiresAt).getTime() / 1000);
  return `${link.id}.${expires}.${link.random}.${sign(secret, link.id, expires, link.random)}`;
}

export type VerifiedToken = { id: string; random: string; expiresAt: Date };
export type TokenProblem = 'malformed' | 'signature' | 'expired';

/** Checks a token without any I/O: shape, signature (constant time), then expiry. */
export function verifyReviewToken(
  secret: string,
  token: string,
  now: number = Date.now(),
): { ok: true; value: VerifiedToken } | { ok: false; problem: TokenProblem } {
  const parts = token.split('.');
  if (parts.length !== 4 || token.length > 300) return { ok: false, problem: 'malformed' };
  const [id, expiresText, random, signature] = parts as [string, string, string, string];
  if (!UUID.test(id) || !/^\d{1,12}$/.test(expiresText) || !B64URL.test(random) || random.length < 20) {
    return { ok: false, problem: 'malformed' };
  }
  if (!B64URL.test(signature)) return { ok: false, problem: 'signature' };
  const expires = Number(expiresText);
  const expected = Buffer.from(sign(secret, id, expires, random));
  const given = Buffer.from(signature);
  // timingSafeEqual needs equal lengths; the length of a well-formed HMAC is no secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, problem: 'signature' };
  }
  if (expires * 1000 <= now) return { ok: false, problem: 'expired' };
  return { ok: true, value: { id, random, expiresAt: new Date(expires * 1000) } };
}
