import { z } from 'zod';
import { apiError } from '~/lib/http/json.ts';

/** What the privacy endpoints need: where Supabase is; the member's own JWT authorizes the work. */
export type PrivacyDeps = {
  url: string;
  anonKey: string;
  fetchImpl?: typeof fetch;
};

/** A JWT as GoTrue issues them: three base64url parts, bounded. */
const jwtSchema = z
  .string()
  .max(8_192)
  .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/);

/** The member's JWT from `Authorization: Bearer ...`, or null when there is none or it is not one. */
export function bearer(request: Request): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const parsed = jwtSchema.safeParse(token);
  return parsed.success ? parsed.data : null;
}

export const signInFirst = () => apiError(401, 'unauthorized', 'Sign in first.');
export const unreachable = () => apiError(503, 'backend_unreachable', 'The database could not be reached.');

/** Calls Supabase as the member (their JWT), with a timeout; a network failure becomes null. */
export function asMember(deps: PrivacyDeps, jwt: string) {
  const fetchImpl = deps.fetchImpl ?? fetch;
  const headers = { apikey: deps.anonKey, authorization: `Bearer ${jwt}` };
  return async (path: string, init: { method?: string; body?: unknown } = {}): Promise<Response | null> => {
    try {
      return await fetchImpl(`${deps.url}${path}`, {
        method: init.method ?? 'GET',
        headers: init.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      return null;
    }
  };
}

/** PostgREST's or GoTrue's refusal of the member's token (expired, unknown user). */
export async function isUnauthorized(res: Response): Promise<boolean> {
  if (res.status === 401) return true;
  const body = (await res
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string; error_code?: string };
  return ['PGRST301', 'PGRST302', 'PGRST303', '42501', 'bad_jwt', 'user_not_found'].includes(
    body.code ?? body.error_code ?? '',
  );
}

export type StoredFile = { bucket: string; name: string };
