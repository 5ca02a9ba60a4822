import type { IncomingMessage, ServerResponse } from 'node:http';
import { jwtVerify, SignJWT } from 'jose';
import type pg from 'pg';
import { asRole } from './as-role.ts';
import { header, readJson, STORAGE_BODY, sendJson } from './http-util.ts';
import type { Claims } from './jwt.ts';
import { JWT_SECRET } from './keys.ts';
import { type ObjectRow, objectNotFound, serveObject, storageError, validKey } from './storage-http.ts';

/**
 * Signed URLs as Supabase Storage makes them (src/storage/object.ts signObjectUrl,
 * signUploadObjectUrl, verifyObjectSignature): an HS256 token over `<bucket>/<key>` with a scope.
 * Signing happens as the caller, so only someone who may read (download) or insert (upload) the
 * object gets a URL; the URL itself then needs no other credential.
 */
const secret = new TextEncoder().encode(JWT_SECRET);
const UPLOAD_SECONDS = 2 * 60 * 60;

type Body = { bytes: Buffer; mimetype: string; cacheControl: string };
export type SignDeps = {
  pool: pg.Pool;
  dataDir: string;
  claimsOf: (req: IncomingMessage) => Promise<Claims>;
  uploadBody: (req: IncomingMessage) => Promise<Body>;
  putObject: (
    claims: Claims,
    bucket: string,
    name: string,
    body: Body,
    mode: 'insert' | 'upsert',
    owner: string | null,
  ) => Promise<{ id: string }>;
};

const invalidSignature = (message = 'Invalid signature') =>
  storageError(400, 'InvalidSignature', message, 'InvalidSignature');

async function sign(payload: Record<string, unknown>, seconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(secret);
}

async function verify(token: string | null, url: string, scope: 'download' | 'upload') {
  if (!token)
    throw storageError(
      400,
      'InvalidRequest',
      "querystring must have required property 'token'",
      'InvalidRequest',
    );
  let payload: Record<string, unknown>;
  try {
    payload = (await jwtVerify(token, secret, { algorithms: ['HS256'] })).payload;
  } catch (error) {
    const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
    throw expired
      ? storageError(400, 'ExpiredToken', 'The provided token has expired.', 'ExpiredToken')
      : storageError(400, 'InvalidJWT', 'Invalid JWT', 'InvalidJWT');
  }
  if (payload['scope'] !== scope) throw invalidSignature(`Token is not scoped for ${scope}`);
  if (payload['url'] !== url) throw invalidSignature();
  return payload;
}

function expiresIn(value: unknown): number {
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 10 * 365 * 24 * 3600) {
    throw storageError(400, 'InvalidRequest', 'body/expiresIn must be a positive integer', 'InvalidRequest');
  }
  return seconds;
}

export function createSignRoutes(deps: SignDeps) {
  const { pool, dataDir, claimsOf } = deps;

  async function readable(claims: Claims, bucket: string, names: string[]): Promise<Set<string>> {
    return asRole(pool, claims, async (db) => {
      const r = await db.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2)',
        [bucket, names],
      );
      return new Set(r.rows.map((row) => row.name));
    });
  }

  /** POST /object/sign/{bucket}/{key} {expiresIn} -> {signedURL} (storage-js createSignedUrl). */
  async function signOne(req: IncomingMessage, res: ServerResponse, bucket: string, name: string) {
    const claims = await claimsOf(req);
    const seconds = expiresIn((await readJson(req, STORAGE_BODY))['expiresIn']);
    if (!(await readable(claims, bucket, [name])).has(name)) throw objectNotFound();
    const token = await sign({ url: `${bucket}/${name}`, scope: 'download' }, seconds);
    sendJson(res, 200, { signedURL: `/object/sign/${encodeURI(`${bucket}/${name}`)}?token=${token}` });
  }

  /** POST /object/sign/{bucket} {expiresIn, paths} -> [{error, path, signedURL}]. */
  async function signMany(req: IncomingMessage, res: ServerResponse, bucket: string) {
    const claims = await claimsOf(req);
    const body = await readJson(req, STORAGE_BODY);
    const seconds = expiresIn(body['expiresIn']);
    const paths = body['paths'];
    if (!Array.isArray(paths) || paths.length === 0 || paths.length > 1000) {
      throw storageError(
        400,
        'InvalidRequest',
        'body/paths must be an array of 1 to 1000 keys',
        'InvalidRequest',
      );
    }
    const names = paths.map(validKey);
    const found = await readable(claims, bucket, names);
    const signed = await Promise.all(
      names.map(async (path) => {
        if (!found.has(path)) {
          return {
            error: 'Either the object does not exist or you do not have access to it',
            path,
            signedURL: null,
          };
        }
        const token = await sign({ url: `${bucket}/${path}`, scope: 'download' }, seconds);
        return {
          error: null,
          path,
          signedURL: `/object/sign/${encodeURI(`${bucket}/${path}`)}?token=${token}`,
        };
      }),
    );
    sendJson(res, 200, signed);
  }

  /** GET /object/sign/{bucket}/{key}?token= : the object, with nothing but the token. */
  async function signedGet(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    url: URL,
  ) {
    await verify(url.searchParams.get('token'), `${bucket}/${name}`, 'download');
    const r = await pool.query<ObjectRow>(
      'select id, name, metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucket, name],
    );
    if (!r.rows[0]) throw objectNotFound();
    return serveObject(req, res, dataDir, bucket, r.rows[0], url.searchParams.get('download'));
  }

  /** POST /object/upload/sign/{bucket}/{key} -> {url, token}, if the caller may insert it. */
  async function signUpload(req: IncomingMessage, res: ServerResponse, bucket: string, name: string) {
    const claims = await claimsOf(req);
    const upsert = header(req, 'x-upsert') === 'true';
    // Storage's canUpload: the insert is tried as the caller and rolled back.
    const db = await pool.connect();
    try {
      await db.query('begin');
      await db.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
        claims.role,
        JSON.stringify(claims),
      ]);
      await db.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3::uuid, $3::text, '{}')
         on conflict (bucket_id, name) do ${upsert ? "update set metadata = '{}'" : 'nothing'}`,
        [bucket, name, claims.sub ?? null],
      );
    } catch (error) {
      if ((error as { code?: string }).code === '42501') {
        throw storageError(403, 'Unauthorized', 'new row violates row-level security policy');
      }
      throw error;
    } finally {
      await db.query('rollback').catch(() => undefined);
      db.release();
    }
    const url = `${bucket}/${name}`;
    const token = await sign({ owner: claims.sub ?? null, url, upsert, scope: 'upload' }, UPLOAD_SECONDS);
    sendJson(res, 200, { url: `/object/upload/sign/${encodeURI(url)}?token=${token}`, token });
  }

  /** PUT /object/upload/sign/{bucket}/{key}?token= : the upload the token allows, as its owner. */
  async function signedUpload(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    url: URL,
  ) {
    const payload = await verify(url.searchParams.get('token'), `${bucket}/${name}`, 'upload');
    const owner = typeof payload['owner'] === 'string' ? payload['owner'] : null;
    // The permission was checked when signing; the write itself runs as the service, like Storage.
    const row = await deps.putObject(
      { role: 'service_role' },
      bucket,
      name,
      await deps.uploadBody(req),
      payload['upsert'] === true ? 'upsert' : 'insert',
      owner,
    );
    sendJson(res, 200, { Key: `${bucket}/${name}`, Id: row.id });
  }

  return { signOne, signMany, signedGet, signUpload, signedUpload };
}
