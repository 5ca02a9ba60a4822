import { jwtVerify, SignJWT } from 'jose';
import { JWT_SECRET } from './keys.ts';

const secret = new TextEncoder().encode(JWT_SECRET);

export type Claims = {
  role: string;
  sub?: string;
  email?: string;
  aud?: string | string[];
  exp?: number;
  session_id?: string;
  [key: string]: unknown;
};

/** Verifies an HS256 token with the local secret; null when missing, forged or expired. */
export async function verifyJwt(token: string | undefined): Promise<Claims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload['role'] !== 'string') return null;
    return payload as Claims;
  } catch {
    return null;
  }
}

export async function signJwt(claims: Record<string, unknown>, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .setIssuer('http://127.0.0.1/auth/v1')
    .sign(secret);
}

/** The bearer token of a request, falling back to the apikey header like Supabase's gateway. */
export function bearerToken(headers: Record<string, string | string[] | undefined>): string | undefined {
  const auth = headers['authorization'];
  const value = Array.isArray(auth) ? auth[0] : auth;
  if (value?.toLowerCase().startsWith('bearer ')) return value.slice(7).trim();
  const apikey = headers['apikey'];
  return Array.isArray(apikey) ? apikey[0] : apikey;
}
