import { z } from 'zod';
import { asMember, bearer, isUnauthorized, signInFirst, unreachable } from '~/features/privacy/server.ts';
import { locales, localizePath } from '~/i18n/locales.ts';
import { apiError, json, readJsonBody } from '~/lib/http/json.ts';

export type EmailChangeDeps = {
  url: string;
  anonKey: string;
  /** GoTrue's admin API and the mail functions; null: not configured (503). */
  serviceKey: string | null;
  /** The configured origin of the site: the links lead back to its account page. */
  origin: string;
  /** Starts the outbox worker once the mails are queued (src/lib/mail/kick.ts); never awaited. */
  kick?: () => void;
  /** Keeps the work after the answer alive where the runtime needs it (Netlify's waitUntil). */
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
  fetchImpl?: typeof fetch;
};

/** The body of POST /api/account/email. @public: the attack suite reads every exported schema (tests/integration/attacks/endpoint-kit.ts). */
export const emailChangeBodySchema = z.object({
  email: z.email().max(254),
  language: z.enum(locales),
});

const ANSWER = { ok: true, status: 'pending' } as const;

/**
 * POST /api/account/email: GoTrue's secure e-mail change without its account-existence oracle.
 * GoTrue answers `PUT /user {email}` for an address another account has with 422 email_exists,
 * which tells any signed-in member that the address has an account. Here a free and a taken
 * address get the same answer (202, the same body, given before anything depends on the address,
 * so the same time within noise), and the difference stays on the server, after the answer:
 * - free: GoTrue's admin generate_link (email_change_current, then email_change_new) stores the
 *   pending address with both hashed tokens, and public.email_change_mails queues both
 *   confirmations in the member's mail language in the one outbox;
 * - taken (generate_link's 422 email_exists): public.email_taken_notice queues a notice to the
 *   address's owner (at most one an hour); the requester is never told.
 * Rate limited per member (public.take_email_change_limit: 5 an hour) before either.
 */
export async function handleEmailChange(request: Request, deps: EmailChangeDeps): Promise<Response> {
  const jwt = bearer(request);
  if (!jwt) return signInFirst();
  const parsed = await readJsonBody(request, emailChangeBodySchema, { maxBytes: 2_000 });
  if (!parsed.ok) return parsed.response;
  if (!deps.serviceKey)
    return apiError(503, 'not_configured', 'Changing e-mail needs SUPABASE_SERVICE_ROLE_KEY on the server.');
  const member = asMember(deps, jwt);
  const admin = asMember({ ...deps, anonKey: deps.serviceKey }, deps.serviceKey);

  const me = await member('/auth/v1/user');
  if (!me) return unreachable();
  if (!me.ok) return (await isUnauthorized(me)) || me.status === 403 ? signInFirst() : unreachable();
  const { id, email: current } = (await me.json()) as { id?: string; email?: string };
  if (!id || !current) return signInFirst();
  const next = parsed.data.email.trim().toLowerCase();
  if (next === current.toLowerCase()) return apiError(422, 'same_email', 'That is already your address.');

  const limit = await member('/rest/v1/rpc/take_email_change_limit', { method: 'POST', body: {} });
  if (!limit) return unreachable();
  if (!limit.ok) {
    const body = (await limit
      .clone()
      .json()
      .catch(() => ({}))) as { code?: string };
    if (body.code === 'PT429')
      return apiError(429, 'rate_limited', 'Too many changes in a short time. Try again later.');
    return (await isUnauthorized(limit)) ? signInFirst() : unreachable();
  }

  // What happens next depends on whether the address has an account, so it happens after the
  // answer: neither the answer nor its time can tell (timing compared in auth-oracle.test.ts; doing
  // it first made a taken address measurably slower under load). A failure is logged; the member's
  // page already says the mail comes only if the address can be used.
  const work = changeOrNotify(deps, admin, { id, current, next, language: parsed.data.language }).then(
    (queued) => {
      if (queued) deps.kick?.();
      else console.error('[account/email] the e-mail change could not be queued');
    },
    (error: unknown) => console.error('[account/email] the e-mail change failed', error),
  );
  deps.waitUntil?.(work);
  return json(ANSWER, 202);
}

type Admin = ReturnType<typeof asMember>;

/** Free address: GoTrue's two links and both confirmations; taken: the owner's notice. True when queued. */
async function changeOrNotify(
  deps: EmailChangeDeps,
  admin: Admin,
  change: { id: string; current: string; next: string; language: (typeof locales)[number] },
): Promise<boolean> {
  const { id, current, next } = change;
  const link = (type: 'email_change_current' | 'email_change_new') =>
    admin('/auth/v1/admin/generate_link', {
      method: 'POST',
      body: {
        type,
        email: current,
        new_email: next,
        redirect_to: `${deps.origin}${localizePath('/account', change.language)}`,
      },
    });
  // Both are asked for whatever the first answers, so a taken address costs the same round trips.
  const forCurrent = await link('email_change_current');
  const forNew = await link('email_change_new');
  if (!forCurrent || !forNew) return false;
  let queued: Response | null;
  if (forCurrent.ok && forNew.ok) {
    const [a, b] = (await Promise.all([forCurrent.json(), forNew.json()])) as Array<{ action_link?: string }>;
    queued = await admin('/rest/v1/rpc/email_change_mails', {
      method: 'POST',
      body: {
        p_user: id,
        p_new_email: next,
        p_current_link: a?.action_link,
        p_new_link: b?.action_link,
        p_origin: deps.origin,
      },
    });
  } else {
    const failed = forCurrent.ok ? forNew : forCurrent;
    const body = (await failed.json().catch(() => ({}))) as { code?: string; error_code?: string };
    const code = body.error_code ?? body.code;
    if (code !== 'email_exists') return false;
    queued = await admin('/rest/v1/rpc/email_taken_notice', {
      method: 'POST',
      body: { p_email: next, p_origin: deps.origin },
    });
  }
  return queued?.ok === true;
}
