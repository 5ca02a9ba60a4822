import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, normalize } from 'node:path';
import type pg from 'pg';
import { asRole } from './as-role.ts';
import { CORS_HEADERS, HttpError, header, readBody, readJson, sendJson } from './http-util.ts';
import { bearerToken, type Claims, verifyJwt } from './jwt.ts';

/**
 * Supabase Storage subset: files on disk under `<dataDir>/storage/<bucket>/<name>`, one
 * storage.objects row per file written *as the caller*, so the storage policies decide.
 */
export type StorageOptions = { pool: pg.Pool; dataDir: string };

type ObjectRow = {
  id: string;
  name: string;
  metadata: { mimetype?: string; cacheControl?: string; size?: number };
};

const storageError = (status: number, error: string, message: string) =>
  new HttpError(status, { statusCode: String(status), error, message });

function safeName(name: string): string {
  const decoded = decodeURIComponent(name);
  const clean = normalize(decoded).replace(/^\/+/, '');
  if (!clean || clean.startsWith('..') || clean.includes('\0'))
    throw storageError(400, 'InvalidKey', 'Invalid key');
  return clean;
}

export function createStorageHandler({ pool, dataDir }: StorageOptions) {
  const root = join(dataDir, 'storage');
  const filePath = (bucket: string, name: string) => join(root, bucket, name);

  async function claimsOf(req: IncomingMessage): Promise<Claims> {
    const claims = await verifyJwt(bearerToken(req.headers));
    if (!claims) throw storageError(400, 'InvalidJWT', 'invalid signature or expired token');
    return claims;
  }

  async function serveFile(req: IncomingMessage, res: ServerResponse, bucket: string, row: ObjectRow) {
    const path = filePath(bucket, row.name);
    const info = await stat(path).catch(() => null);
    if (!info) throw storageError(404, 'not_found', 'Object not found');
    res.writeHead(200, {
      ...CORS_HEADERS,
      'content-type': row.metadata?.mimetype ?? 'application/octet-stream',
      'content-length': String(info.size),
      'cache-control': row.metadata?.cacheControl ?? 'max-age=3600',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(path).pipe(res);
  }

  async function publicGet(req: IncomingMessage, res: ServerResponse, bucket: string, name: string) {
    // Public buckets are readable by URL without a token, as on Supabase.
    const r = await pool.query<ObjectRow>(
      `select o.id, o.name, o.metadata from storage.objects o join storage.buckets b on b.id = o.bucket_id
        where b.public and o.bucket_id = $1 and o.name = $2`,
      [bucket, name],
    );
    if (!r.rows[0]) throw storageError(404, 'not_found', 'Object not found');
    return serveFile(req, res, bucket, r.rows[0]);
  }

  async function authenticatedGet(req: IncomingMessage, res: ServerResponse, bucket: string, name: string) {
    const claims = await claimsOf(req);
    const row = await asRole(pool, claims, async (db) => {
      const r = await db.query<ObjectRow>(
        'select id, name, metadata from storage.objects where bucket_id = $1 and name = $2',
        [bucket, name],
      );
      return r.rows[0];
    });
    if (!row) throw storageError(404, 'not_found', 'Object not found');
    return serveFile(req, res, bucket, row);
  }

  async function upload(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    update: boolean,
  ) {
    const claims = await claimsOf(req);
    const upsert = update || header(req, 'x-upsert') === 'true';
    const raw = await readBody(req);
    let bytes: Buffer = raw;
    let mimetype = header(req, 'content-type') ?? 'application/octet-stream';
    let cacheControl = header(req, 'cache-control') ?? 'max-age=3600';
    if (mimetype.startsWith('multipart/form-data')) {
      const form = await new Request('http://local/', {
        method: 'POST',
        headers: { 'content-type': mimetype },
        body: new Uint8Array(raw),
      }).formData();
      const file = [...form.values()].find((v): v is File => typeof v !== 'string');
      if (!file) throw storageError(400, 'InvalidRequest', 'No file in the form data');
      bytes = Buffer.from(await file.arrayBuffer());
      mimetype = file.type || 'application/octet-stream';
      const cc = form.get('cacheControl');
      if (typeof cc === 'string') cacheControl = /^\d+$/.test(cc) ? `max-age=${cc}` : cc;
    }
    const bucketRow = await pool.query<{ file_size_limit: string | null }>(
      'select file_size_limit from storage.buckets where id = $1',
      [bucket],
    );
    if (!bucketRow.rows[0]) throw storageError(404, 'Bucket not found', 'Bucket not found');
    const limit = Number(bucketRow.rows[0].file_size_limit ?? 0);
    if (limit && bytes.length > limit) {
      throw storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    }
    const metadata = JSON.stringify({
      mimetype,
      cacheControl,
      size: bytes.length,
      contentLength: bytes.length,
    });
    const owner = claims.sub ?? null;
    const row = await asRole(pool, claims, async (db) => {
      let r: pg.QueryResult<{ id: string }>;
      try {
        r = update
          ? await db.query(
              `update storage.objects set metadata = $3, owner = $4::uuid, owner_id = $4::text, updated_at = now()
                where bucket_id = $1 and name = $2 returning id`,
              [bucket, name, metadata, owner],
            )
          : await db.query(
              `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $4::uuid, $4::text, $3)
               on conflict (bucket_id, name) do ${upsert ? 'update set metadata = excluded.metadata, owner = excluded.owner, updated_at = now()' : 'nothing'}
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
        throw update
          ? storageError(404, 'not_found', 'Object not found')
          : storageError(409, 'Duplicate', 'The resource already exists');
      }
      // Written inside the transaction: if the file cannot be stored, no row is committed.
      const path = filePath(bucket, name);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
      return r.rows[0];
    });
    sendJson(res, 200, { Id: row.id, Key: `${bucket}/${name}` });
  }

  async function remove(req: IncomingMessage, res: ServerResponse, bucket: string) {
    const claims = await claimsOf(req);
    const body = await readJson(req);
    const prefixes = Array.isArray(body['prefixes']) ? body['prefixes'].map(String) : [];
    const rows = await asRole(pool, claims, async (db) => {
      const r = await db.query<ObjectRow & { bucket_id: string }>(
        'delete from storage.objects where bucket_id = $1 and name = any($2) returning id, name, bucket_id, metadata',
        [bucket, prefixes],
      );
      return r.rows;
    });
    await Promise.all(rows.map((row) => rm(filePath(bucket, row.name), { force: true })));
    sendJson(res, 200, rows);
  }

  async function list(req: IncomingMessage, res: ServerResponse, bucket: string) {
    const claims = await claimsOf(req);
    const body = await readJson(req);
    const prefix =
      typeof body['prefix'] === 'string' && body['prefix'] ? `${body['prefix'].replace(/\/$/, '')}/` : '';
    const limit = Number(body['limit'] ?? 100);
    const offset = Number(body['offset'] ?? 0);
    const rows = await asRole(pool, claims, async (db) => {
      const r = await db.query<{
        name: string;
        id: string;
        updated_at: Date;
        created_at: Date;
        metadata: unknown;
      }>(
        `select name, id, updated_at, created_at, metadata from storage.objects
          where bucket_id = $1 and starts_with(name, $2) order by name`,
        [bucket, prefix],
      );
      return r.rows;
    });
    const seen = new Set<string>();
    const entries: unknown[] = [];
    for (const row of rows) {
      const rest = row.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash === -1) entries.push({ ...row, name: rest, last_accessed_at: row.updated_at });
      else if (!seen.has(rest.slice(0, slash))) {
        seen.add(rest.slice(0, slash));
        entries.push({
          name: rest.slice(0, slash),
          id: null,
          updated_at: null,
          created_at: null,
          metadata: null,
        });
      }
    }
    sendJson(res, 200, entries.slice(offset, offset + limit));
  }

  return async function handleStorage(req: IncomingMessage, res: ServerResponse, path: string) {
    const method = req.method ?? 'GET';
    const parts = path.split('/').filter(Boolean);
    if (parts[0] === 'bucket' && method === 'GET') {
      const r = await pool.query(
        'select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets order by id',
      );
      if (parts[1]) {
        const bucket = r.rows.find((b) => b.id === parts[1]);
        if (!bucket) throw storageError(404, 'Bucket not found', 'Bucket not found');
        return sendJson(res, 200, bucket);
      }
      return sendJson(res, 200, r.rows);
    }
    if (parts[0] !== 'object' || parts.length < 2) throw storageError(404, 'not_found', 'Route not found');
    if ((method === 'GET' || method === 'HEAD') && parts[1] === 'public' && parts.length >= 4) {
      return publicGet(req, res, parts[2] as string, safeName(parts.slice(3).join('/')));
    }
    if ((method === 'GET' || method === 'HEAD') && parts[1] === 'authenticated' && parts.length >= 4) {
      return authenticatedGet(req, res, parts[2] as string, safeName(parts.slice(3).join('/')));
    }
    if (method === 'POST' && parts[1] === 'list' && parts[2]) return list(req, res, parts[2]);
    if (method === 'DELETE' && parts.length === 2) return remove(req, res, parts[1] as string);
    const bucket = parts[1] as string;
    if (parts.length >= 3) {
      const name = safeName(parts.slice(2).join('/'));
      if (method === 'POST') return upload(req, res, bucket, name, false);
      if (method === 'PUT') return upload(req, res, bucket, name, true);
      if (method === 'GET' || method === 'HEAD') return authenticatedGet(req, res, bucket, name);
    }
    throw storageError(404, 'not_found', `${method} /storage/v1${path} is not supported by the local stack`);
  };
}
