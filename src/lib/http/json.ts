import type { z } from 'zod';

/** The error body every endpoint answers with: a stable code and an English message. */
type ApiError = { error: { code: string; message: string; fields?: Record<string, string> } };

/** A JSON response with the given status. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** A JSON error response: `{ error: { code, message } }`. */
export function apiError(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): Response {
  const error: ApiError['error'] = fields ? { code, message, fields } : { code, message };
  return json({ error }, status);
}

export type ParsedBody<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * Reads a JSON request body and validates it with a zod schema. Bad input of any kind (wrong
 * content type, too large, malformed JSON, failing the schema) becomes a 4xx response, never a
 * thrown error. Field errors name the zod issue code per field, for the client to translate.
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  { maxBytes = 100_000 }: { maxBytes?: number } = {},
): Promise<ParsedBody<z.infer<S>>> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    return {
      ok: false,
      response: apiError(415, 'unsupported_media_type', 'Send the body as application/json.'),
    };
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    return {
      ok: false,
      response: apiError(413, 'payload_too_large', `The body may be at most ${maxBytes} bytes.`),
    };
  }
  let text: string | null;
  try {
    text = await readBounded(request, maxBytes);
  } catch {
    return { ok: false, response: apiError(400, 'unreadable_body', 'The request body could not be read.') };
  }
  if (text === null) {
    return {
      ok: false,
      response: apiError(413, 'payload_too_large', `The body may be at most ${maxBytes} bytes.`),
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, response: apiError(400, 'invalid_json', 'The body is not valid JSON.') };
  }
  const problem = rawTextProblem(value);
  if (problem) return { ok: false, response: apiError(400, 'invalid_text', problem) };
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || '_';
      fields[key] ??= issue.code === 'too_big' ? 'too_long' : issue.message;
    }
    return {
      ok: false,
      response: apiError(422, 'invalid_input', 'Some fields are missing or invalid.', fields),
    };
  }
  return { ok: true, data: result.data };
}

/** Past maxBytes a body is read on and thrown away up to this, so the connection stays usable. */
const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * The body as text, or null when it is larger than maxBytes (a chunked body declares no length).
 * Never holds more than maxBytes: the rest is read and dropped up to DRAIN_BYTES (so the client's
 * keep-alive connection survives the early answer), then the stream is cancelled.
 */
async function readBounded(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    if (size <= maxBytes) chunks.push(value);
  }
  if (size > maxBytes) return null;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

const MAX_DEPTH = 16;

/**
 * Text PostgreSQL cannot store (NUL bytes, lone UTF-16 surrogates) or nesting deeper than any of
 * our bodies needs: rejected here, for every endpoint, before it reaches a schema or a database.
 */
function rawTextProblem(value: unknown, depth = 0): string | null {
  if (depth > MAX_DEPTH) return `The body is nested deeper than ${MAX_DEPTH} levels.`;
  if (typeof value === 'string') {
    if (value.includes('\0')) return 'Text may not contain NUL characters.';
    if (!value.isWellFormed()) return 'Text must be valid Unicode.';
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

/** The answer to a method an endpoint does not serve (export it as `ALL` next to the handlers). */
export function methodNotAllowed(allowed: string[]): Response {
  return new Response(
    JSON.stringify({ error: { code: 'method_not_allowed', message: `Use ${allowed.join(' or ')}.` } }),
    {
      status: 405,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        allow: allowed.join(', '),
      },
    },
  );
}
