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

/** An oversized body up to this size is read to its end; past it, the answer closes the connection. */
export const DRAIN_LIMIT = 64 * 1024 * 1024;
const responses = new WeakMap<IncomingMessage, ServerResponse>();

/** Pairs a request with its response, so readLimited can close a connection it stops reading. */
export function trackResponse(req: IncomingMessage, res: ServerResponse): void {
  responses.set(req, res);
}

/**
 * The request body if it is at most `limit` bytes, else null. An oversized body is still read to
 * its end and thrown away (up to DRAIN_LIMIT), so the early answer leaves the keep-alive
 * connection usable for the client's next request; one declared or found larger than that is
 * answered at once with `Connection: close` and the rest discarded until the socket closes, as
 * Supabase's proxies (nginx's lingering close) do. Never leaves a for-await loop early: that
 * destroys the socket, and the client's next request on it was reset.
 */
export function readLimited(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (value: Buffer | null, error?: Error) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(value);
    };
    const giveUp = () => {
      const res = responses.get(req);
      if (res && !res.headersSent) res.shouldKeepAlive = false;
      settle(null);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > DRAIN_LIMIT) return giveUp();
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => settle(size > limit ? null : Buffer.concat(chunks)));
    req.on('error', (error) => settle(null, error));
    req.on('close', () => settle(null, new Error('request aborted')));
    const declared = Number(req.headers['content-length']);
    if (declared > limit && declared > DRAIN_LIMIT) giveUp();
  });
}

export async function readBody(req: IncomingMessage, limit = 6 * 1024 * 1024): Promise<Buffer> {
  const body = await readLimited(req, limit);
  if (body === null)
    throw new HttpError(413, {
      statusCode: '413',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
  return body;
}

/** How a service says "bad body": GoTrue and Storage each have their own error shape. */
export type BodyErrors = { badJson: (why: string) => HttpError };
const AUTH_BODY: BodyErrors = {
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
function rawTextProblem(value: unknown, depth = 0): string | null {
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
