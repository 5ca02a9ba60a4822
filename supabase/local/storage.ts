import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import type pg from 'pg';
import { asRole } from './as-role.ts';
import { header, readBody, readJson, STORAGE_BODY, sendJson } from './http-util.ts';
import { bearerToken, type Claims, verifyJwt } from './jwt.ts';
import {
  bucketNotFound,
  entityTooLarge,
  keyFromPath,
  missingObject,
  type ObjectRow,
  objectPath,
  serveObject,
  storageError,
  validateMimeType,
  validBucket,
  validKey,
} from './storage-http.ts';
import { createListRoutes } from './storage-list.ts';
import { createSignRoutes } from './storage-sign.ts';

/**
 * Supabase Storage subset: files on disk under `<dataDir>/storage/<bucket>/`, one
 * storage.objects row per file written *as the caller*, so the storage policies decide.
 */
export type StorageOptions = { pool: pg.Pool; dataDir: string };

type BucketRow = {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
};

export function createStorageHandler({ pool, dataDir }: StorageOptions) {
  async function claimsOf(req: IncomingMessage): Promise<Claims> {
    const claims = await verifyJwt(bearerToken(req.headers));
    if (!claims) throw storageError(400, 'InvalidJWT', 'invalid signature or expired token', 'InvalidJWT');
    return claims;
  }

  async function bucketOf(bucket: string): Promise<BucketRow> {
    const r = await pool.query<BucketRow>(
      'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [bucket],
    );
    if (!r.rows[0]) throw bucketNotFound();
    return r.rows[0];
  }

  async function publicGet(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    url: URL,
  ) {
    // Public buckets are readable by URL without a token or a SELECT policy, as on Supabase.
    const r = await pool.query<ObjectRow>(
      `select o.id, o.name, o.metadata from storage.objects o join storage.buckets b on b.id = o.bucket_id
        where b.public and o.bucket_id = $1 and o.name = $2`,
      [bucket, name],
    );
    if (!r.rows[0]) return missingObject(req, res);
    return serveObject(req, res, dataDir, bucket, r.rows[0], url.searchParams.get('download'));
  }

  async function authenticatedGet(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    url: URL,
  ) {
    const claims = await claimsOf(req);
    const row = await asRole(pool, claims, async (db) => {
      const r = await db.query<ObjectRow>(
        'select id, name, metadata from storage.objects where bucket_id = $1 and name = $2',
        [bucket, name],
      );
      return r.rows[0];
    });
    if (!row) return missingObject(req, res);
    return serveObject(req, res, dataDir, bucket, row, url.searchParams.get('download'));
  }

  /** The bytes, MIME type and cache control of an upload body (raw or multipart, like Storage). */
  async function uploadBody(req: IncomingMessage) {
    const raw = await readBody(req);
    let mimetype = header(req, 'content-type') || 'application/octet-stream';
    let cacheControl = header(req, 'cache-control') ?? 'no-cache';
    if (!mimetype.startsWith('multipart/form-data')) return { bytes: raw, mimetype, cacheControl };
    let form: FormData;
    try {
      form = await new Request('http://local/', {
        method: 'POST',
        headers: { 'content-type': mimetype },
        body: new Uint8Array(raw),
      }).formData();
    } catch {
      throw storageError(400, 'InvalidRequest', 'No content provided', 'InvalidRequest');
    }
    const file = [...form.values()].find((v): v is File => typeof v !== 'string');
    if (!file) throw storageError(400, 'InvalidRequest', 'No content provided', 'InvalidRequest');
    const declared = form.get('contentType');
    mimetype = (typeof declared === 'string' && declared) || file.type || 'application/octet-stream';
    const cc = form.get('cacheControl');
    cacheControl = typeof cc === 'string' && cc ? `max-age=${cc}` : 'no-cache';
    return { bytes: Buffer.from(await file.arrayBuffer()), mimetype, cacheControl };
  }

  /** Writes an object as the caller (the storage policies decide); `update` replaces an existing one. */
  async function putObject(
    claims: Claims,
    bucket: string,
    name: string,
    body: { bytes: Buffer; mimetype: string; cacheControl: string },
    mode: 'insert' | 'upsert' | 'update',
    owner: string | null = claims.sub ?? null,
  ): Promise<{ id: string }> {
    const bucketRow = await bucketOf(bucket);
    validateMimeType(body.mimetype, bucketRow.allowed_mime_types);
    const limit = Number(bucketRow.file_size_limit ?? 0);
    if (limit && body.bytes.length > limit) throw entityTooLarge();
    const metadata = JSON.stringify({
      mimetype: body.mimetype,
      cacheControl: body.cacheControl,
      size: body.bytes.length,
      contentLength: body.bytes.length,
    });
    return asRole(pool, claims, async (db) => {
      let r: pg.QueryResult<{ id: string }>;
      try {
        r =
          mode === 'update'
            ? await db.query(
                `update storage.objects set metadata = $3, owner = $4::uuid, owner_id = $4::text, updated_at = now()
                  where bucket_id = $1 and name = $2 returning id`,
                [bucket, name, metadata, owner],
              )
            : await db.query(
                `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $4::uuid, $4::text, $3)
                 on conflict (bucket_id, name) do ${mode === 'upsert' ? 'update set metadata = excluded.metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()' : 'nothing'}
                 returning id`,
                [bucket, name, metadata, owner],
              );
      } catch (error) {
        if ((error as { code?: string }).code === '42501') {
          throw storageError(403, 'Unauthorized', 'new row violates row-level security policy');
        }
        throw error;
      }
      if (!r.rows[0]) {
        throw mode === 'update'
          ? storageError(404, 'not_found', 'Object not found', 'NoSuchKey')
          : storageError(409, 'Duplicate', 'The resource already exists', 'KeyAlreadyExists');
      }
      // Written inside the transaction: if the file cannot be stored, no row is committed.
      const path = objectPath(dataDir, bucket, name);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body.bytes);
      return r.rows[0];
    });
  }

  async function upload(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    update: boolean,
  ) {
    const claims = await claimsOf(req);
    const mode = update ? 'update' : header(req, 'x-upsert') === 'true' ? 'upsert' : 'insert';
    const row = await putObject(claims, bucket, name, await uploadBody(req), mode);
    sendJson(res, 200, { Id: row.id, Key: `${bucket}/${name}` });
  }

  async function remove(req: IncomingMessage, res: ServerResponse, bucket: string) {
    const claims = await claimsOf(req);
    const body = await readJson(req, STORAGE_BODY);
    if (!Array.isArray(body['prefixes']) || body['prefixes'].length > 1000) {
      throw storageError(
        400,
        'InvalidRequest',
        'body/prefixes must be an array of at most 1000 keys',
        'InvalidRequest',
      );
    }
    const prefixes = body['prefixes'].map(validKey);
    const rows = await asRole(pool, claims, async (db) => {
      // Like Storage's own transactions: its protect_delete trigger refuses plain SQL deletes.
      await db.query("select set_config('storage.allow_delete_query', 'true', true)");
      const r = await db.query<ObjectRow & { bucket_id: string }>(
        'delete from storage.objects where bucket_id = $1 and name = any($2) returning id, name, bucket_id, metadata',
        [bucket, prefixes],
      );
      return r.rows;
    });
    await Promise.all(rows.map((row) => rm(objectPath(dataDir, bucket, row.name), { force: true })));
    sendJson(res, 200, rows);
  }

  const listing = createListRoutes(pool, claimsOf);
  const signing = createSignRoutes({ pool, dataDir, claimsOf, uploadBody, putObject });

  /** Routes under /object/ that are not a plain object key (Storage's own route table), or null. */
  function special(req: IncomingMessage, res: ServerResponse, method: string, parts: string[], url: URL) {
    const [, first = '', second = '', third = ''] = parts;
    const read = method === 'GET' || method === 'HEAD';
    const keyAfter = (index: number) => keyFromPath(parts.slice(index).join('/'));
    if (first === 'sign' && second) {
      const bucket = validBucket(second);
      if (method === 'POST' && parts.length === 3) return () => signing.signMany(req, res, bucket);
      if (method === 'POST') return () => signing.signOne(req, res, bucket, keyAfter(3));
      if (read) return () => signing.signedGet(req, res, bucket, keyAfter(3), url);
    }
    if (first === 'upload' && second === 'sign' && third && parts.length >= 5) {
      const bucket = validBucket(third);
      const check = () => bucketOf(bucket);
      if (method === 'POST')
        return () => check().then(() => signing.signUpload(req, res, bucket, keyAfter(4)));
      if (method === 'PUT')
        return () => check().then(() => signing.signedUpload(req, res, bucket, keyAfter(4), url));
    }
    if (method === 'POST' && first === 'list' && second)
      return () => listing.list(req, res, validBucket(second));
    if (method === 'POST' && first === 'list-v2' && second)
      return () => listing.listV2(req, res, validBucket(second));
    if (read && first === 'info') {
      if ((second === 'public' || second === 'authenticated') && parts.length >= 5) {
        return () => listing.info(req, res, validBucket(third), keyAfter(4), second === 'public');
      }
      if (second && parts.length >= 4)
        return () => listing.info(req, res, validBucket(second), keyAfter(3), false);
    }
    return null;
  }

  return async function handleStorage(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    const method = req.method ?? 'GET';
    const parts = path.split('/').filter(Boolean);
    const read = method === 'GET' || method === 'HEAD';
    if (parts[0] === 'bucket' && method === 'GET') {
      // As the caller, like Storage: without a policy on storage.buckets only the service role lists them.
      const r = await asRole(pool, await claimsOf(req), (db) =>
        db.query(
          'select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets order by id',
        ),
      );
      if (parts[1]) {
        const bucket = r.rows.find((b) => b.id === parts[1]);
        if (!bucket) throw bucketNotFound();
        return sendJson(res, 200, bucket);
      }
      return sendJson(res, 200, r.rows);
    }
    if (parts[0] !== 'object' || parts.length < 2) throw storageError(404, 'not_found', 'Route not found');
    const [, first = '', second = ''] = parts;
    const keyAfter = (index: number) => keyFromPath(parts.slice(index).join('/'));
    if (read && first === 'public' && parts.length >= 4) {
      return publicGet(req, res, validBucket(second), keyAfter(3), url);
    }
    if (read && first === 'authenticated' && parts.length >= 4) {
      return authenticatedGet(req, res, validBucket(second), keyAfter(3), url);
    }
    const route = special(req, res, method, parts, url);
    if (route) return route();
    if (method === 'DELETE' && parts.length === 2) return remove(req, res, validBucket(first));
    if (parts.length >= 3) {
      const bucket = validBucket(first);
      const name = keyAfter(2);
      if (method === 'POST') return upload(req, res, bucket, name, false);
      if (method === 'PUT') return upload(req, res, bucket, name, true);
      if (read) return authenticatedGet(req, res, bucket, name, url);
    }
    throw storageError(404, 'not_found', `${method} /storage/v1${path} is not supported by the local stack`);
  };
}
