import { z } from 'zod';
import { apiError, json, readJsonBody } from '~/lib/http/json.ts';
import { BAN_HOURS, DURATIONS } from './durations.ts';

export type SuspendDeps = {
  /** Supabase URL and anon key: the admin's own JWT is what authorizes the database step. */
  url: string;
  anonKey: string;
  /** The service key, used only for GoTrue's admin API after the database said yes; null: not configured. */
  serviceKey: string | null;
  fetchImpl?: typeof fetch;
};

/** POST /api/admin/suspend. @public: the attack suite reads every exported schema (tests/integration/attacks/endpoint-kit.ts). */
export const suspendBodySchema = z.object({
  userId: z.uuid(),
  duration: z.enum(DURATIONS),
  reason: z.string().trim().min(1).max(500),
});

/** POST /api/admin/unsuspend. @public: read by the attack suite, as above. */
export const unsuspendBodySchema = z.object({
  userId: z.uuid(),
  reason: z.string().trim().max(500).optional(),
});

type Step = { ok: true; body: unknown } | { ok: false; response: Response };

/** The caller's bearer token when it has a JWT's shape (three base64url parts), else null. */
function bearer(request: Request): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token) && token.length <= 8_000 ? token : null;
}

/** The database function, as the caller: it checks the admin, writes the suspension and the audit row. */
async function callRpc(deps: SuspendDeps, jwt: string, fn: string, args: object): Promise<Step> {
  let res: Response;
  try {
    res = await (deps.fetchImpl ?? fetch)(`${deps.url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: deps.anonKey, authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return {
      ok: false,
      response: apiError(503, 'backend_unreachable', 'The database could not be reached.'),
    };
  }
  const body = (await res.json().catch(() => ({}))) as { code?: string; hint?: string | null };
  if (res.ok) return { ok: true, body };
  if (res.status === 401 || body.code === 'PGRST301' || body.code === 'PGRST303')
    return { ok: false, response: apiError(401, 'unauthorized', 'Your session has expired; sign in again.') };
  if (body.code === '42501' && body.hint === 'self')
    return {
      ok: false,
      response: apiError(409, 'cannot_suspend_self', 'An admin cannot suspend themselves.'),
    };
  if (body.code === '42501' && body.hint === 'target_admin')
    return { ok: false, response: apiError(409, 'cannot_suspend_admin', 'An admin cannot be suspended.') };
  if (body.code === '42501' || res.status === 403)
    return { ok: false, response: apiError(403, 'forbidden', 'Only an admin can do this.') };
  if (body.code === 'PT404') return { ok: false, response: apiError(404, 'not_found', 'No such member.') };
  if (body.code === '22023')
    return { ok: false, response: apiError(422, 'invalid_input', 'Some fields are missing or invalid.') };
  return { ok: false, response: apiError(502, 'backend_error', 'The database refused the change.') };
}

/** GoTrue's admin API (PUT /admin/users/{id} with ban_duration; `none` lifts the ban). */
async function setBan(deps: SuspendDeps, userId: string, banDuration: string): Promise<boolean> {
  const key = deps.serviceKey ?? '';
  try {
    const res = await (deps.fetchImpl ?? fetch)(`${deps.url}/auth/v1/admin/users/${userId}`, {
      method: 'PUT',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ban_duration: banDuration }),
      signal: AbortSignal.timeout(10_000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

async function start(request: Request, deps: SuspendDeps): Promise<{ jwt: string } | { response: Response }> {
  const jwt = bearer(request);
  if (!jwt) return { response: apiError(401, 'unauthorized', 'Sign in as an admin first.') };
  if (!deps.serviceKey)
    return {
      response: apiError(503, 'not_configured', 'Suspending needs SUPABASE_SERVICE_ROLE_KEY on the server.'),
    };
  return { jwt };
}

/**
 * POST /api/admin/suspend: the database function decides (admin only; not themselves, not an
 * admin) and records the suspension and its audit row; then GoTrue's ban keeps the member from
 * signing in and from refreshing an open session. A failed ban is reported (503 `ban_failed`):
 * the suspension stands in the database and suspending again retries the ban.
 */
export async function handleSuspend(request: Request, deps: SuspendDeps): Promise<Response> {
  const started = await start(request, deps);
  if ('response' in started) return started.response;
  const parsed = await readJsonBody(request, suspendBodySchema, { maxBytes: 4_000 });
  if (!parsed.ok) return parsed.response;
  const { userId, duration, reason } = parsed.data;
  const hours = BAN_HOURS[duration];
  const step = await callRpc(deps, started.jwt, 'suspend_member', {
    target: userId,
    hours: duration === 'indefinite' ? null : hours,
    reason,
  });
  if (!step.ok) return step.response;
  if (!(await setBan(deps, userId, `${hours}h`)))
    return apiError(
      503,
      'ban_failed',
      'The suspension was recorded but sign-in could not be blocked; try again.',
    );
  const row = step.body as { until?: string | null };
  return json({ suspended: true, until: row.until ?? null });
}

/** POST /api/admin/unsuspend: the database function (admin only, audited), then GoTrue's ban lifted. */
export async function handleUnsuspend(request: Request, deps: SuspendDeps): Promise<Response> {
  const started = await start(request, deps);
  if ('response' in started) return started.response;
  const parsed = await readJsonBody(request, unsuspendBodySchema, { maxBytes: 4_000 });
  if (!parsed.ok) return parsed.response;
  const step = await callRpc(deps, started.jwt, 'lift_suspension', {
    target: parsed.data.userId,
    reason: parsed.data.reason ?? null,
  });
  if (!step.ok) return step.response;
  if (!(await setBan(deps, parsed.data.userId, 'none')))
    return apiError(503, 'ban_failed', 'The suspension was lifted but sign-in is still blocked; try again.');
  return json({ suspended: false, wasSuspended: step.body === true });
}
