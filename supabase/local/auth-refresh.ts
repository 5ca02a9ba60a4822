import type pg from 'pg';
import { authError } from './auth-rules.ts';
import type { HttpError } from './http-util.ts';

/** GoTrue's refresh_token_reuse_interval (supabase/config.toml [auth], default 10 s). */
const REUSE_INTERVAL_SECONDS = 10;

export const notFoundToken = () =>
  authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

type TokenRow = {
  user_id: string;
  session_id: string | null;
  revoked: boolean;
  in_window: boolean;
  banned: boolean;
  session_alive: boolean;
};

/**
 * The refresh-token rotation of GoTrue (internal/tokens/service.go RefreshTokenGrant): a token
 * is used once. A revoked token whose child is still unused gets that child back (two tabs
 * refreshing at once); within the reuse interval it may rotate again; after it, a replayed token
 * is treated as stolen: the whole family (every token of the session) is revoked.
 */
export async function refreshRotation(
  pool: pg.Pool,
  token: string,
): Promise<{ userId: string; sessionId: string; reuse: string | null } | { error: HttpError }> {
  if (!token || token.length > 255) return { error: notFoundToken() };
  const db = await pool.connect();
  try {
    await db.query('begin');
    const r = await db.query<TokenRow>(
      `select t.user_id, t.session_id, t.revoked,
              t.updated_at > now() - make_interval(secs => $2) as in_window,
              coalesce(u.banned_until > now(), false) as banned,
              exists (select 1 from auth.sessions s where s.id = t.session_id) as session_alive
         from auth.refresh_tokens t join auth.users u on u.id = t.user_id and u.deleted_at is null
        where t.token = $1
        for update of t`,
      [token, REUSE_INTERVAL_SECONDS],
    );
    const row = r.rows[0];
    const fail = async (error: HttpError) => {
      await db.query('commit');
      return { error };
    };
    if (!row) return await fail(notFoundToken());
    if (row.banned) return await fail(authError(400, 'user_banned', 'Invalid Refresh Token: User Banned'));
    if (!row.session_id || !row.session_alive) {
      return await fail(authError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found'));
    }
    let reuse: string | null = null;
    if (row.revoked) {
      const active = await db.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens
          where session_id = $1 and not revoked order by id desc limit 1`,
        [row.session_id],
      );
      if (active.rows[0]?.parent === token) reuse = active.rows[0].token;
      else if (!row.in_window) {
        // GoTrue revokes the token family; ending the session as well stops the access tokens
        // issued to it too (GET /user and everything else that checks the session).
        await db.query('delete from auth.sessions where id = $1', [row.session_id]);
        return await fail(
          authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
        );
      }
    } else {
      // updated_at marks when it was first used: the reuse interval counts from there.
      await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [
        token,
      ]);
    }
    await db.query('commit');
    return { userId: row.user_id, sessionId: row.session_id, reuse };
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}
