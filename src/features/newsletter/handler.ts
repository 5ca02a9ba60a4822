import { apiError, json, readJsonBody } from '~/lib/http/json.ts';
import { CONSENT_VERSION, consentText, PRIVACY_VERSION } from './consent.ts';
import { signUpSchema, tokenSchema } from './schema.ts';
import type { NewsletterStore, Person } from './store.ts';

export type NewsletterDeps = {
  /** Undefined when the server has no service role key: the endpoint says so (503). */
  store: NewsletterStore | undefined;
  /** Tells the configured providers (Mailchimp, Shopify) about a confirmation or unsubscribe. */
  sync?: (person: Person, status: 'subscribed' | 'unsubscribed') => Promise<void>;
  /** Starts the outbox worker now once the confirmation mail is queued (src/lib/mail/kick.ts); never awaited. */
  kick?: () => void;
};
export type RequestMeta = { ip: string | null; origin: string };

const userAgentOf = (request: Request) => request.headers.get('user-agent')?.slice(0, 1000) ?? null;

/**
 * POST /api/newsletter: stores the sign-up as pending (with the exact consent text shown) and, in
 * the same transaction, its confirmation mail in the outbox (sent by the mail worker: the answer
 * never waits on SMTP). The answer is the same whether or not the address was known.
 */
export async function handleNewsletterSignUp(
  request: Request,
  deps: NewsletterDeps,
  meta: RequestMeta,
): Promise<Response> {
  const parsed = await readJsonBody(request, signUpSchema, { maxBytes: 10_000 });
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  if (input.consentVersion !== CONSENT_VERSION) {
    // The page showed an older text than the one we can prove: ask for a reload, store nothing.
    return apiError(409, 'consent_outdated', 'The consent text has changed. Reload the page and try again.');
  }
  if (!deps.store) return apiError(503, 'not_available', 'Newsletter sign-up is not available right now.');
  const stored = await deps.store.signUp({
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    language: input.language,
    source: input.source,
    pageUrl: input.pageUrl ?? null,
    consentText: consentText(input.language),
    consentVersion: CONSENT_VERSION,
    privacyVersion: PRIVACY_VERSION,
    ip: meta.ip,
    userAgent: userAgentOf(request),
    origin: meta.origin,
  });
  if (!stored.ok) {
    if (stored.code === 'rate_limited') {
      return apiError(429, 'rate_limited', 'Too many sign-ups in a short time. Try again in a few minutes.');
    }
    if (stored.code === 'invalid')
      return apiError(422, 'invalid_input', 'Some fields are missing or invalid.');
    return apiError(503, 'unavailable', 'The sign-up could not be stored. Please try again.');
  }
  deps.kick?.();
  return json({ ok: true, status: 'pending' }, 202);
}

/**
 * POST /api/newsletter/unsubscribe?token=...: RFC 8058 one-click unsubscribe (the mail client
 * posts `List-Unsubscribe=One-Click`). Idempotent; a bad token gets a 4xx JSON error.
 */
export async function handleOneClickUnsubscribe(
  request: Request,
  deps: Pick<NewsletterDeps, 'store' | 'sync'>,
  meta: RequestMeta,
): Promise<Response> {
  const token = tokenSchema.safeParse(new URL(request.url).searchParams.get('token') ?? '');
  if (!token.success) return apiError(400, 'invalid_token', 'This unsubscribe link is not valid.');
  if (!deps.store) return apiError(503, 'not_available', 'Unsubscribing is not available right now.');
  const result = await deps.store.unsubscribe(token.data, meta.ip, userAgentOf(request), 'one-click');
  if (result.outcome === 'invalid')
    return apiError(404, 'invalid_token', 'This unsubscribe link is not valid.');
  if (result.outcome === 'unavailable') return apiError(503, 'unavailable', 'Please try again in a moment.');
  if (result.person) await deps.sync?.(result.person, 'unsubscribed');
  return json({ ok: true, status: 'unsubscribed' });
}
