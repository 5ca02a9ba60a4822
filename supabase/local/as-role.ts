import type pg from 'pg';
import type { Claims } from './jwt.ts';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Runs queries the way PostgREST does: inside a transaction, as the token's database role with
 * its claims visible to auth.uid(), so row-level security decides exactly as for REST calls.
 */
export async function asRole<T>(
  pool: pg.Pool,
  claims: Claims,
  fn: (db: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if (!API_ROLES.has(claims.role)) throw new Error(`refusing to run as role ${claims.role}`);
  const db = await pool.connect();
  try {
    await db.query('begin');
    await db.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
      claims.role,
      JSON.stringify(claims),
    ]);
    const result = await fn(db);
    await db.query('commit');
    return result;
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}
