import { z } from 'zod';
import { asLocale, type Locale } from '~/i18n/locales.ts';
import { apiError, json, readJsonBody } from '~/lib/http/json.ts';
import { reviewLinkAddress } from './link-mail.ts';
import { signReviewToken } from './signed-link.ts';

export type ReviewLinkDeps = {
  /** Supabase URL and anon key; the admin's own JWT is what authorizes the work. */
  url: string;
  anonKey: string;
  /** The site's origin for the link, e.g. https://example.com. */
  origin: string;
  /** The review-link signing secret (reviewLinkSecret()); null refuses to make links. */
  secret: string | null;
  /** false: only make the link and return it to the admin (no mail); default: mail it through the outbox. */
  mail?: boolean;
  /** Starts the outbox worker now once a mail is queued (src/lib/mail/kick.ts); never awaited. */
  kick?: () => void;
  fetchImpl?: typeof fetch;
};

/**
 * The body of POST /api/timeline-alchemy/review-link. No language: the mail and the link speak the
 * client's (public.send_review_link asks private.mail_locale), whatever screen the admin uses; an
 * old client's `lang` is dropped unread. @public: the attack suite reads every exported schema
 * (tests/integration/attacks/endpoint-kit.ts).
 */
export const reviewLinkBodySchema = z.object({
  clientId: z.uuid(),
  validHours: z.number().int().min(1).max(720).default(168),
});

/**
 * POST /api/timeline-alchemy/review-link: creates a review link for a client (the database
 * function decides whether the caller is an admin) and queues its mail to the client in the same
 * transaction (public.send_review_link), in the client's language. A client without an address,
 * or `mail: false`, gets the link (on the page in the client's language) returned to the admin.
 */
export async function handleReviewLink(request: Request, deps: ReviewLinkDeps): Promise<Response> {
  const fetchImpl = deps.fetchImpl ?? fetch;
  const jwt = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!jwt) return apiError(401, 'unauthorized', 'Sign in as an admin first.');
  if (!deps.secret) {
    return apiError(503, 'not_configured', 'Review links need REVIEW_LINK_SECRET on the server.');
  }
  const parsed = await readJsonBody(request, reviewLinkBodySchema);
  if (!parsed.ok) return parsed.response;
  const { clientId, validHours } = parsed.data;
  const headers = {
    apikey: deps.anonKey,
    authorization: `Bearer ${jwt}`,
    'content-type': 'application/json',
  };

  let created: Response;
  try {
    // One transaction: the link and, when the client has an address, its mail in the outbox.
    created = await fetchImpl(`${deps.url}/rest/v1/rpc/send_review_link`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        client_id: clientId,
        valid_hours: validHours,
        origin: deps.origin,
        mail: deps.mail !== false,
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return apiError(503, 'backend_unreachable', 'The database could not be reached.');
  }
  if (!created.ok) {
    const body = (await created.json().catch(() => ({}))) as { code?: string };
    if (created.status === 401 || body.code === 'PGRST301' || body.code === 'PGRST303') {
      return apiError(401, 'unauthorized', 'Your session has expired; sign in again.');
    }
    if (body.code === '42501' || created.status === 403)
      return apiError(403, 'forbidden', 'Only an admin can send review links.');
    if (body.code === 'PT404') return apiError(404, 'not_found', 'This client does not exist.');
    if (body.code === 'PT410')
      return apiError(410, 'client_deleted', 'This client deleted their account: no new review links.');
    return apiError(502, 'backend_error', 'The review link could not be created.');
  }
  const [link] = (await created.json()) as Array<{
    link_id: string;
    token: string;
    expires_at: string;
    mailed: boolean;
    locale: string;
  }>;
  if (!link) return apiError(502, 'backend_error', 'The review link could not be created.');
  // Queued: the outbox worker signs and sends it (src/features/mail-outbox); the request never waits on SMTP.
  if (link.mailed) {
    deps.kick?.();
    return json({ sent: true, expiresAt: link.expires_at });
  }
  const token = signReviewToken(deps.secret, {
    id: link.link_id,
    random: link.token,
    expiresAt: link.expires_at,
  });
  const lang: Locale = asLocale(link.locale) ?? 'nl';
  return json({ sent: false, link: reviewLinkAddress(deps.origin, lang, token), expiresAt: link.expires_at });
}
