import type { IncomingMessage } from 'node:http';
import { ANON_KEY, SERVICE_ROLE_KEY } from './keys.ts';

/**
 * Kong's key-auth as Supabase configures it (docker/volumes/api/kong.yml): /rest/v1, /auth/v1
 * (except the browser-facing verify, callback, authorize and jwks routes), /graphql/v1 and
 * /realtime/v1 need the project's anon or service key in the `apikey` header or query; storage
 * checks its own tokens. Without one Kong answers 401 before any service sees the request.
 */
const OPEN_AUTH = [
  '/auth/v1/verify',
  '/auth/v1/callback',
  '/auth/v1/authorize',
  '/auth/v1/.well-known/jwks.json',
];
const KEYED = ['/rest/v1', '/auth/v1', '/graphql/v1', '/realtime/v1'];
const KEYS = new Set([ANON_KEY, SERVICE_ROLE_KEY]);

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function kongKeyAuth(req: IncomingMessage, url: URL, path: string): { message: string } | null {
  if (!KEYED.some((prefix) => under(path, prefix))) return null;
  if (OPEN_AUTH.some((prefix) => under(path, prefix))) return null;
  const header = req.headers['apikey'];
  const key = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey');
  if (!key) return { message: 'No API key found in request' };
  if (!KEYS.has(key)) return { message: 'Invalid authentication credentials' };
  return null;
}
