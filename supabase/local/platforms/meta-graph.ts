import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http-util.ts';
import { type Fault, send } from './kit.ts';

/** The Graph API stand-in's shapes: ids, parameters (query, form or JSON), errors, usage headers. */
export const idOf = (seed: string) =>
  BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 13)}`).toString();
const trace = () => randomBytes(8).toString('base64url');

export const DUPLICATE: Record<string, string> & { en_US: string } = {
  nl_NL: 'Dit bericht staat al op je Pagina. Pas de tekst aan en probeer het opnieuw.',
  de_DE: 'Diese Nachricht steht bereits auf deiner Seite. Ändere den Text und versuche es erneut.',
  en_US: 'This status update is identical to the last one you posted. Try posting something different.',
};

export async function paramsOf(req: IncomingMessage, url: URL): Promise<URLSearchParams> {
  const params = new URLSearchParams(url.searchParams);
  if (req.method !== 'POST') return params;
  const raw = (await readBody(req, 1024 * 1024)).toString('utf8');
  if (/json/.test(req.headers['content-type'] ?? '')) {
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  } else for (const [k, v] of new URLSearchParams(raw)) params.set(k, v);
  return params;
}

/**
 * Rate-limit headers as Graph sends them: `x-app-usage` for user tokens, `x-business-use-case-usage`
 * (per Page or Instagram account, with `estimated_time_to_regain_access` in minutes) for page tokens.
 */
export function usageCounter() {
  let calls = 0;
  return (kind: 'user' | 'pages' | 'instagram', id: string, throttled = false): Record<string, string> => {
    calls++;
    const count = throttled ? 100 : Math.min(99, calls % 100);
    const numbers = {
      call_count: count,
      total_cputime: Math.ceil(count / 4),
      total_time: Math.ceil(count / 4),
    };
    if (kind === 'user') return { 'x-app-usage': JSON.stringify(numbers) };
    return {
      'x-business-use-case-usage': JSON.stringify({
        [id]: [{ type: kind, ...numbers, estimated_time_to_regain_access: 0 }],
      }),
    };
  };
}

/** Graph's error shape: `{error: {message, type, code, error_subcode?, error_user_msg?, fbtrace_id}}`. */
export const graphError = (
  res: ServerResponse,
  status: number,
  error: { message: string; type?: string; code: number; error_subcode?: number; error_user_msg?: string },
  headers: Record<string, string> = {},
) => send(res, status, { error: { type: 'OAuthException', ...error, fbtrace_id: trace() } }, headers);

/** An invalid, expired or revoked token (OAuthException 190); true: answered. */
export const badToken = (res: ServerResponse) => {
  graphError(res, 400, {
    message:
      'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
    code: 190,
    error_subcode: 460,
  });
  return true;
};

/**
 * A switched-on fault of a publishing call, answered as Graph does: throttling is a 400 with the
 * Business Use Case code (80001 Pages, 80002 Instagram) and full usage headers. True: answered;
 * 'timeout': store the post, then drop the connection.
 */
export function graphFault(
  res: ServerResponse,
  fault: Fault | undefined,
  on: 'facebook' | 'instagram',
  throttledUsage: Record<string, string>,
): 'timeout' | boolean {
  if (fault === '429') {
    const what = on === 'facebook' ? 'Page' : 'Instagram';
    graphError(
      res,
      400,
      {
        message: `There have been too many calls to this ${what} account. Wait a bit and try again.`,
        code: on === 'facebook' ? 80001 : 80002,
      },
      throttledUsage,
    );
    return true;
  }
  if (fault === '503') {
    graphError(res, 503, { message: 'Service temporarily unavailable', code: 2 });
    return true;
  }
  return fault === 'timeout' ? 'timeout' : false;
}
