import { z } from 'zod';
import { asLocale, intlLocale, type Locale, localizePath } from '~/i18n/locales.ts';
import { t } from '~/i18n/t.ts';
import { apiError, json, readJsonBody } from '~/lib/http/json.ts';
import { type OutgoingMail, renderMail } from '~/lib/mail/index.ts';
import { signReviewToken } from './signed-link.ts';

export type Mail = OutgoingMail;
export type ReviewLinkDeps = {
  /** Supabase URL and anon key; the admin's own JWT is what authorizes the work. */
  url: string;
  anonKey: string;
  /** The site's origin for the link, e.g. https://example.com. */
  origin: string;
  /** The review-link signing secret (reviewLinkSecret()); null refuses to make links. */
  secret: string | null;
  send?: ((mail: Mail) => Promise<unknown>) | undefined;
  fetchImpl?: typeof fetch;
};

/** The body of POST /api/timeline-alchemy/review-link. @public: the attack suite reads every exported schema (tests/integration/attacks/endpoint-kit.ts). */
export const reviewLinkBodySchema = z.object({
  clientId: z.uuid(),
  lang: z.enum(['nl', 'en', 'de']).default('nl'),
  validHours: z.number().int().min(1).max(720).default(168),
});

/**
 * POST /api/timeline-alchemy/review-link: creates a review link for a client (the database
 * function decides whether the caller is an admin) and mails it to the client. Without a mail
 * path configured the link is returned to the admin instead of being sent.
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
  const lang: Locale = asLocale(parsed.data.lang) ?? 'nl';
  const headers = {
    apikey: deps.anonKey,
    authorization: `Bearer ${jwt}`,
    'content-type': 'application/json',
  };

  let created: Response;
  try {
    created = await fetchImpl(`${deps.url}/rest/v1/rpc/create_review_link`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ client_id: clientId, valid_hours: validHours }),
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
    return apiError(502, 'backend_error', 'The review link could not be created.');
  }
  const [link] = (await created.json()) as Array<{ link_id: string; token: string; expires_at: string }>;
  if (!link) return apiError(502, 'backend_error', 'The review link could not be created.');
  const token = signReviewToken(deps.secret, {
    id: link.link_id,
    random: link.token,
    expiresAt: link.expires_at,
  });
  const address = `${deps.origin}${localizePath('/timeline-alchemy/review', lang)}#token=${token}`;

  const clientRes = await fetchImpl(
    `${deps.url}/rest/v1/clients?profile_id=eq.${clientId}&select=name,email`,
    { headers },
  );
  const [client] = clientRes.ok
    ? ((await clientRes.json()) as Array<{ name: string; email: string | null }>)
    : [];
  if (!deps.send || !client?.email) return json({ sent: false, link: address, expiresAt: link.expires_at });

  const expires = new Intl.DateTimeFormat(intlLocale[lang], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(new Date(link.expires_at));
  const params = { name: client.name, expires };
  const subject = t(lang, 'ta.mail.subject');
  const { html, text } = renderMail({
    lang,
    preheader: t(lang, 'ta.mail.intro', params),
    heading: subject,
    paragraphs: [t(lang, 'ta.mail.intro', params)],
    action: { label: t(lang, 'ta.mail.action'), url: address },
    footer: [t(lang, 'ta.mail.note', params)],
  });
  try {
    await deps.send({ to: client.email, subject, html, text });
  } catch {
    return apiError(502, 'mail_failed', 'The review link was created but the e-mail could not be sent.');
  }
  return json({ sent: true, expiresAt: link.expires_at });
}
