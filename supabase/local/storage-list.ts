import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { asRole } from './as-role.ts';
import { readJson, STORAGE_BODY, sendJson } from './http-util.ts';
import type { Claims } from './jwt.ts';
import { invalidKey, missingObject, objectNotFound, storageError, validKey } from './storage-http.ts';

/**
 * Listing and object info as Supabase Storage answers them (routes/object/listObjects.ts,
 * listObjectsV2.ts, getObjectInfo.ts), read as the caller so the SELECT policies decide.
 */
type Row = {
  id: string;
  name: string;
  bucket_id: string;
  updated_at: Date;
  created_at: Date;
  last_accessed_at: Date;
  metadata: Record<string, unknown> | null;
};
const COLUMNS = 'id, name, bucket_id, updated_at, created_at, last_accessed_at, metadata';

function prefixOf(value: unknown, folder: boolean): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value !== 'string') throw invalidKey(String(value).slice(0, 100));
  const trimmed = folder ? value.replace(/\/$/, '') : value;
  if (!trimmed) return '';
  // A prefix may end inside a name ("fol"), so only its characters are checked.
  validKey(trimmed.replace(/\/+$/, '') || 'x');
  return folder ? `${trimmed}/` : value;
}

const badRequest = (message: string) => storageError(400, 'InvalidRequest', message, 'InvalidRequest');

export function createListRoutes(pool: pg.Pool, claimsOf: (req: IncomingMessage) => Promise<Claims>) {
  async function rowsUnder(claims: Claims, bucket: string, prefix: string, order = 'name asc') {
    return asRole(pool, claims, async (db) => {
      const r = await db.query<Row>(
        `select ${COLUMNS} from storage.objects where bucket_id = $1 and starts_with(name, $2) order by ${order}`,
        [bucket, prefix],
      );
      return r.rows;
    });
  }

  /** POST /object/list/{bucket}: one folder level, files and sub-folders (storage-js `list`). */
  async function list(req: IncomingMessage, res: ServerResponse, bucket: string) {
    const claims = await claimsOf(req);
    const body = await readJson(req, STORAGE_BODY);
    const prefix = prefixOf(body['prefix'], true);
    const limit = Math.min(Math.max(Number(body['limit'] ?? 100) || 100, 1), 1000);
    const offset = Math.max(Number(body['offset'] ?? 0) || 0, 0);
    const search = typeof body['search'] === 'string' ? body['search'] : '';
    const rows = await rowsUnder(claims, bucket, prefix);
    const seen = new Set<string>();
    const entries: unknown[] = [];
    for (const row of rows) {
      const rest = row.name.slice(prefix.length);
      if (search && !rest.startsWith(search)) continue;
      const slash = rest.indexOf('/');
      if (slash === -1) entries.push({ ...row, name: rest, bucket_id: undefined });
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

  /** POST /object/list-v2/{bucket}: cursor pages of objects and (with_delimiter) folders. */
  async function listV2(req: IncomingMessage, res: ServerResponse, bucket: string) {
    const claims = await claimsOf(req);
    const body = await readJson(req, STORAGE_BODY);
    const prefix = prefixOf(body['prefix'], false);
    const limit = Math.min(Math.max(Number(body['limit'] ?? 1000) || 1000, 1), 1000);
    let startAfter = '';
    if (body['cursor'] !== undefined) {
      try {
        startAfter = String(
          JSON.parse(Buffer.from(String(body['cursor']), 'base64').toString('utf8')).startAfter,
        );
      } catch {
        throw badRequest('Invalid cursor');
      }
    }
    const rows = (await rowsUnder(claims, bucket, prefix)).filter((row) => row.name > startAfter);
    const results: (Row | { id: null; name: string; bucket_id: string })[] = [];
    let previous = '';
    for (const row of rows) {
      const slash = body['with_delimiter'] === true ? row.name.slice(prefix.length).indexOf('/') : -1;
      if (slash >= 0) {
        const folder = row.name.slice(0, prefix.length + slash + 1);
        if (folder !== previous) results.push({ id: null, name: folder, bucket_id: bucket });
        previous = folder;
      } else results.push(row);
    }
    const page = results.slice(0, limit);
    const hasNext = results.length > limit;
    const last = page[page.length - 1];
    sendJson(res, 200, {
      hasNext,
      nextCursor:
        hasNext && last
          ? Buffer.from(JSON.stringify({ startAfter: last.name })).toString('base64')
          : undefined,
      nextCursorKey: hasNext ? last?.name : undefined,
      folders: page.filter((r) => r.id === null),
      objects: page.filter((r) => r.id !== null),
    });
  }

  /** GET /object/info/[public|authenticated/]{bucket}/{key}: metadata as JSON (storage-js `info`). */
  async function info(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    isPublic: boolean,
  ) {
    // Public: read by the service like any public object. Otherwise as the caller (no bucket join:
    // like Storage, storage.buckets has no policy a member passes).
    const query = `select o.id, o.name, o.version, o.bucket_id, o.metadata, o.updated_at, o.created_at
                     from storage.objects o
                    where o.bucket_id = $1 and o.name = $2${
                      isPublic
                        ? ' and exists (select 1 from storage.buckets b where b.id = o.bucket_id and b.public)'
                        : ''
                    }`;
    const r = isPublic
      ? await pool.query<Row & { version: string | null }>(query, [bucket, name])
      : await asRole(pool, await claimsOf(req), (db) =>
          db.query<Row & { version: string | null }>(query, [bucket, name]),
        );
    const obj = r.rows[0];
    if (!obj) {
      if (req.headers['sec-fetch-dest'] === 'image') return missingObject(req, res);
      throw objectNotFound();
    }
    const meta = obj.metadata ?? {};
    sendJson(res, 200, {
      id: obj.id,
      name: obj.name,
      version: obj.version ?? null,
      bucket_id: obj.bucket_id,
      size: meta['size'] ?? null,
      content_type: meta['mimetype'] ?? null,
      cache_control: meta['cacheControl'] ?? null,
      etag: meta['eTag'] ?? null,
      metadata: null,
      last_modified: obj.updated_at,
      created_at: obj.created_at,
    });
  }

  return { list, listV2, info };
}
