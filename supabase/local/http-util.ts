import type { IncomingMessage, ServerResponse } from 'node:http';

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, content-type, x-client-info, prefer, accept, accept-profile, content-profile, ' +
    'range, range-unit, x-upsert, cache-control, x-supabase-api-version, x-metadata',
  'access-control-expose-headers': 'content-range, content-location, x-supabase-api-version, range-unit',
  'access-control-max-age': '86400',
};

export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(typeof body === 'object' && body && 'msg' in body ? String(body.msg) : `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8' });
  res.end(text);
}

export async function readBody(req: IncomingMessage, limit = 6 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit)
      throw new HttpError(413, {
        statusCode: '413',
        error: 'Payload too large',
        message: 'The object exceeded the maximum allowed size',
      });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** How a service says "bad body": GoTrue and Storage each have their own error shape. */
export type BodyErrors = { badJson: (why: string) => HttpError };
export const AUTH_BODY: BodyErrors = {
  badJson: (why) =>
    new HttpError(400, {
      code: 400,
      error_code: 'bad_json',
      msg: `Could not parse request body as JSON: ${why}`,
    }),
};
export const STORAGE_BODY: BodyErrors = {
  badJson: (why) =>
    new HttpError(400, {
      statusCode: '400',
      code: 'InvalidRequest',
      error: 'InvalidRequest',
      message: `Body is not valid JSON: ${why}`,
    }),
};

const MAX_JSON_DEPTH = 32;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Text that PostgreSQL cannot store (NUL, lone UTF-16 surrogates) or absurd nesting: found before
 * it reaches a query, so it is a 4xx and never a database error.
 */
export function rawTextProblem(value: unknown, depth = 0): string | null {
  if (depth > MAX_JSON_DEPTH) return `nested deeper than ${MAX_JSON_DEPTH} levels`;
  if (typeof value === 'string') {
    if (value.includes('\0')) return 'NUL characters are not allowed';
    if (!value.isWellFormed()) return 'text must be valid Unicode';
    return null;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = rawTextProblem(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = rawTextProblem(key, depth + 1) ?? rawTextProblem(item, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}

/** A JSON object body (empty body: `{}`); anything else is the service's 400. */
export async function readJson(
  req: IncomingMessage,
  errors: BodyErrors = AUTH_BODY,
): Promise<Record<string, unknown>> {
  const body = await readBody(req, 1024 * 1024);
  if (body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(body));
  } catch (error) {
    throw errors.badJson(error instanceof TypeError ? 'invalid UTF-8' : 'malformed JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw errors.badJson('expected a JSON object');
  const problem = rawTextProblem(parsed);
  if (problem) throw errors.badJson(problem);
  return parsed as Record<string, unknown>;
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
