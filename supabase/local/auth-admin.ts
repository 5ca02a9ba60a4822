import type { IncomingMessage } from 'node:http';
import { parseGoDuration } from './auth-otp.ts';
import { authError } from './auth-rules.ts';
import { type AuthContext, USER_COLUMNS, type UserRow, userJson } from './auth-user.ts';
import { bearerToken, verifyJwt } from './jwt.ts';

/**
 * GET, PUT and DELETE /admin/users/{id} (internal/api/admin.go) for the service role: reading a
 * user, banning (`ban_duration`, `none` lifts it) and deleting (hard, or `should_soft_delete`).
 */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** auth.go requireAdmin: a valid JWT whose role is one of the admin roles (service_role). */
export async function requireAdmin(req: IncomingMessage): Promise<void> {
  const claims = await verifyJwt(bearerToken(req.headers));
  if (!claims) throw authError(403, 'bad_jwt', 'Invalid token');
  if (!['service_role', 'supabase_admin'].includes(claims.role)) {
    throw authError(403, 'not_admin', 'User not allowed');
  }
}

async function loadUser(ctx: AuthContext, id: string): Promise<UserRow> {
  if (!UUID_RE.test(id)) throw authError(404, 'validation_failed', 'user_id must be an UUID');
  const r = await ctx.pool.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  if (!r.rows[0]) throw authError(404, 'user_not_found', 'User not found');
  return r.rows[0];
}

export async function adminUser(
  ctx: AuthContext,
  req: IncomingMessage,
  method: string,
  id: string,
  body: Record<string, unknown>,
) {
  await requireAdmin(req);
  const user = await loadUser(ctx, id);
  if (method === 'GET') return userJson(user);
  if (method === 'PUT') {
    const ban = body['ban_duration'];
    if (typeof ban === 'string' && ban !== '') {
      const seconds = ban === 'none' ? 0 : parseGoDuration(ban);
      if (seconds === null) {
        throw authError(
          400,
          'validation_failed',
          `invalid format for ban duration: time: invalid duration "${ban}"`,
        );
      }
      // User.UpdateBannedUntil: none (0) clears it.
      const r = await ctx.pool.query<UserRow>(
        `update auth.users set banned_until = case when $2::float8 = 0 then null
                  else now() + make_interval(secs => $2::float8) end, updated_at = now()
          where id = $1 returning ${USER_COLUMNS}`,
        [id, seconds],
      );
      return userJson(r.rows[0] as UserRow);
    }
    return userJson(user);
  }
  // DELETE: GoTrue hard-deletes unless should_soft_delete; sessions and tokens go with the user.
  try {
    if (body['should_soft_delete'] === true) {
      await ctx.pool.query('delete from auth.sessions where user_id = $1', [id]);
      await ctx.pool.query(
        `update auth.users set deleted_at = now(), email = null, encrypted_password = '', updated_at = now()
          where id = $1`,
        [id],
      );
    } else await ctx.pool.query('delete from auth.users where id = $1', [id]);
  } catch (error) {
    throw authError(500, 'unexpected_failure', 'Database error deleting user', {
      detail: (error as Error).message,
    });
  }
  return {};
}
