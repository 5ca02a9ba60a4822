import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { CORS_HEADERS, HttpError } from './http-util.ts';

/**
 * Supabase Storage's rules for keys, MIME types and sizes, its error shape, and how stored
 * objects are served (follows github.com/supabase/storage: src/storage/limits.ts, uploader.ts,
 * internal/errors/codes.ts).
 */
export type ObjectRow = {
  id: string;
  name: string;
  metadata: { mimetype?: string; cacheControl?: string; size?: number } | null;
  updated_at?: Date;
};

/** Supabase Storage's error body: `{ statusCode, code, error, message }`. */
export const storageError = (status: number, error: string, message: string, code = error) =>
  new HttpError(status, { statusCode: String(status), code, error, message });

/**
 * Like Storage, validation errors answer HTTP 400 and carry the meaningful status in the body
 * (`statusCode: '415'` for a MIME type, `'413'` for a size).
 */
export const invalidKey = (key: string) =>
  new HttpError(400, {
    statusCode: '400',
    code: 'InvalidKey',
    error: 'InvalidKey',
    message: `Invalid key: ${key}`,
  });
const invalidMimeType = (mimeType: string) =>
  new HttpError(400, {
    statusCode: '415',
    code: 'InvalidMimeType',
    error: 'invalid_mime_type',
    message: `mime type ${mimeType} is not supported`,
  });
export const entityTooLarge = () =>
  new HttpError(400, {
    statusCode: '413',
    code: 'EntityTooLarge',
    error: 'Payload too large',
    message: 'The object exceeded the maximum allowed size',
  });
export const objectNotFound = () => storageError(404, 'not_found', 'Object not found', 'NoSuchKey');
export const bucketNotFound = () => storageError(404, 'Bucket not found', 'Bucket not found', 'NoSuchBucket');

// Storage accepts only S3-safe characters in keys and bucket names (limits.ts VALID_OBJECT_KEY).
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;
const MAX_KEY_BYTES = 1024;

/** Decodes a key from a URL path segment; anything Storage would refuse is a 400, never a 500. */
export function keyFromPath(raw: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw invalidKey(raw.slice(0, 200));
  }
  return validKey(decoded);
}

export function validKey(key: unknown): string {
  if (typeof key !== 'string') throw invalidKey(String(key).slice(0, 200));
  const printable = key.slice(0, 200);
  if (
    key.length === 0 ||
    Buffer.byteLength(key) > MAX_KEY_BYTES ||
    !VALID_OBJECT_KEY.test(key) ||
    key.startsWith('/') ||
    key.split('/').some((segment) => segment === '..' || segment === '.')
  ) {
    throw invalidKey(printable.isWellFormed() ? printable.replace(/\0/g, '') : 'invalid');
  }
  return key;
}

export function validBucket(raw: string): string {
  let bucket: string;
  try {
    bucket = decodeURIComponent(raw);
  } catch {
    throw bucketNotFound();
  }
  if (!bucket || bucket.length > 100 || !VALID_BUCKET_NAME.test(bucket)) throw bucketNotFound();
  return bucket;
}

/** uploader.ts validateMimeType: `type/subtype` must match an allowed entry (or `type/*`). */
export function validateMimeType(mimeType: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, ext, ...rest] = mimeType.split('/');
  if (!type || ext === undefined || rest.length > 0) throw invalidMimeType(mimeType);
  for (const entry of allowed) {
    const [allowedType, allowedExt] = entry.split('/');
    if (allowedType === type && (allowedExt === '*' || allowedExt === ext)) return;
  }
  throw invalidMimeType(mimeType);
}

/**
 * Files live at `<dataDir>/storage/<bucket>/<sha256 of the key>`: any valid key maps to one flat
 * file name, so long keys and keys that clash with a "folder" (`a` and `a/b`) both work, as on S3.
 */
export function objectPath(dataDir: string, bucket: string, name: string): string {
  return join(dataDir, 'storage', bucket, createHash('sha256').update(name).digest('hex'));
}
/** Where the first version of the local stack kept files (still read, for older data directories). */
const legacyPath = (dataDir: string, bucket: string, name: string) => join(dataDir, 'storage', bucket, name);

// Types a browser may run (HTML, SVG, XML, scripts): never inline from the API origin.
const ACTIVE = /html|xml|svg|javascript|ecmascript|wasm|x-sh|text\/x-/i;

/**
 * Serves a stored object. Every answer carries `X-Content-Type-Options: nosniff` and a sandboxing
 * CSP, and types that can run script are sent as attachments (an <img> still shows an SVG: the
 * disposition only matters when the object is opened as a page).
 */
export async function serveObject(
  req: IncomingMessage,
  res: ServerResponse,
  dataDir: string,
  bucket: string,
  row: ObjectRow,
  download?: string | null,
): Promise<void> {
  let path = objectPath(dataDir, bucket, row.name);
  let info = await stat(path).catch(() => null);
  if (!info) {
    path = legacyPath(dataDir, bucket, row.name);
    info = await stat(path).catch(() => null);
  }
  if (!info?.isFile()) return missingObject(req, res);
  const mimetype = row.metadata?.mimetype ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    'content-type': mimetype,
    'content-length': String(info.size),
    'cache-control': row.metadata?.cacheControl ?? 'max-age=3600',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'last-modified': info.mtime.toUTCString(),
  };
  if (download !== undefined && download !== null) {
    headers['content-disposition'] = download
      ? `attachment; filename=${encodeURIComponent(download)}; filename*=UTF-8''${encodeURIComponent(download)}`
      : 'attachment;';
  } else if (ACTIVE.test(mimetype)) {
    headers['content-disposition'] = 'attachment';
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(path).pipe(res);
}

/**
 * A missing object. API clients get Storage's JSON error; an <img> (Sec-Fetch-Dest: image) gets
 * a 404 whose type Chromium's Opaque Response Blocking lets through (image/svg+xml is
 * "opaque-safelisted"; a JSON or text 404 is blocked with ERR_BLOCKED_BY_ORB), with an empty body
 * so the image still fails and the page's onerror fallback runs.
 */
export function missingObject(req: IncomingMessage, res: ServerResponse): void {
  const dest = req.headers['sec-fetch-dest'];
  if (dest === 'image') {
    res.writeHead(404, {
      ...CORS_HEADERS,
      'content-type': 'image/svg+xml',
      'content-length': '0',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'no-store',
    });
    res.end();
    return;
  }
  throw objectNotFound();
}
