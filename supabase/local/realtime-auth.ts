import { randomUUID } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import type pg from 'pg';
import type { Claims } from './jwt.ts';
import { JWT_SECRET } from './keys.ts';

/**
 * Channel tokens and channel authorization as Supabase Realtime does them
 * (RealtimeWeb.ChannelsAuthorization and Realtime.Tenants.Authorization).
 */
const secret = new TextEncoder().encode(JWT_SECRET);
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** `reason` is the join error (`Code: message`), `message` what a closing channel is told. */
export type TokenResult =
  | { ok: true; claims: Claims; exp: number }
  | { ok: false; reason: string; message: string };

const fail = (code: string, message: string): TokenResult => ({
  ok: false,
  reason: `${code}: ${message}`,
  message,
});

/** A token must verify and carry `role` and `exp`; the reason texts are Supabase's. */
export async function confirmToken(token: string): Promise<TokenResult> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload['role'] !== 'string' || typeof payload.exp !== 'number') {
      return fail('InvalidJWTToken', 'Fields `role` and `exp` are required in JWT');
    }
    if (!API_ROLES.has(payload['role'])) {
      return fail('Unauthorized', `Role ${payload['role'].slice(0, 64)} may not use Realtime`);
    }
    return { ok: true, claims: payload as Claims, exp: payload.exp };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      const exp = Number(error.payload.exp);
      const ago = Number.isFinite(exp) ? Math.max(0, Math.floor(Date.now() / 1000) - exp) : 0;
      return fail('InvalidJWTToken', `Token has expired ${ago} seconds ago`);
    }
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      return fail('JwtSignatureError', 'Failed to validate JWT signature');
    }
    return fail('MalformedJWT', 'The token provided is not a valid JWT');
  }
}

export type Extension = 'broadcast' | 'presence';

/**
 * Runs `fn` in a transaction that is always rolled back, as the caller: role, claims and
 * `realtime.topic` set as Supabase sets them, so `realtime.topic()` and `auth.uid()` work in the
 * policies of `realtime.messages`. `before` runs first as `supabase_realtime_admin`, the owner.
 */
async function probe<T>(
  pool: pg.Pool,
  claims: Claims,
  topic: string,
  before: (db: pg.PoolClient) => Promise<void>,
  fn: (db: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if (!API_ROLES.has(claims.role)) throw new Error(`refusing to run as role ${claims.role}`);
  const db = await pool.connect();
  try {
    await db.query('begin');
    await db.query('set local role supabase_realtime_admin');
    await before(db);
    await db.query(
      `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
              set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
              set_config('request.jwt.claim.role', $1, true)`,
      [claims.role, topic, JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''],
    );
    return await fn(db);
  } finally {
    await db.query('rollback').catch(() => undefined);
    db.release();
  }
}

/** Read policies: a probe row per extension is inserted, then selected back as the caller. */
export async function readPolicies(
  pool: pg.Pool,
  claims: Claims,
  topic: string,
  extensions: Extension[],
): Promise<Partial<Record<Extension, boolean>>> {
  const ids = extensions.map(() => randomUUID());
  try {
    return await probe(
      pool,
      claims,
      topic,
      async (db) => {
        for (const [i, extension] of extensions.entries()) {
          await db.query('insert into realtime.messages (id, topic, extension) values ($1, $2, $3)', [
            ids[i],
            topic,
            extension,
          ]);
        }
      },
      async (db) => {
        const r = await db.query<{ id: string }>(
          'select id from realtime.messages where id = any($1::uuid[])',
          [ids],
        );
        const seen = new Set(r.rows.map((row) => row.id));
        return Object.fromEntries(extensions.map((e, i) => [e, seen.has(ids[i] as string)]));
      },
    );
  } catch (error) {
    // A policy that fails (bad cast, missing function) denies, as Supabase's RlsPolicyError does.
    console.error('[local realtime] read policy check failed:', (error as Error).message);
    return Object.fromEntries(extensions.map((e) => [e, false]));
  }
}

/** Write policies: an insert into `realtime.messages` as the caller, per extension. */
export async function writePolicies(
  pool: pg.Pool,
  claims: Claims,
  topic: string,
  extensions: Extension[],
): Promise<Partial<Record<Extension, boolean>>> {
  try {
    return await probe(
      pool,
      claims,
      topic,
      async () => undefined,
      async (db) => {
        const result: Partial<Record<Extension, boolean>> = {};
        for (const extension of extensions) {
          await db.query('savepoint probe');
          try {
            await db.query('insert into realtime.messages (topic, extension) values ($1, $2)', [
              topic,
              extension,
            ]);
            result[extension] = true;
          } catch (error) {
            if ((error as { code?: string }).code !== '42501') {
              console.error('[local realtime] write policy check failed:', (error as Error).message);
            }
            result[extension] = false;
          }
          await db.query('rollback to savepoint probe');
        }
        return result;
      },
    );
  } catch (error) {
    console.error('[local realtime] write policy check failed:', (error as Error).message);
    return Object.fromEntries(extensions.map((e) => [e, false]));
  }
}
