import { z } from 'zod';
import { apiError, json, readJsonBody } from '~/lib/http/json.ts';
import { verifyReviewToken } from './signed-link.ts';

export type ReviewDeps = {
  url: string;
  anonKey: string;
  /** reviewLinkSecret(); null means review links are not configured on this server. */
  secret: string | null;
  fetchImpl?: typeof fetch;
  now?: () => number;
};

/** The largest PostgreSQL integer (int4): `revision` is one in review_link_approve. */
const INT4_MAX = 2_147_483_647;
const Token = z.string().min(1).max(300);
/** The body of POST /api/timeline-alchemy/review; every number within its SQL type. @public: the attack suite reads every exported schema (tests/integration/attacks/endpoint-kit.ts). */
export const reviewBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('open'), token: Token }),
  z.object({
    action: z.literal('approve'),
    token: Token,
    previewId: z.uuid(),
    revision: z.number().int().min(1).max(INT4_MAX),
  }),
  z.object({
    action: z.literal('request_changes'),
    token: Token,
    previewId: z.uuid(),
    feedback: z.string().trim().min(1).max(5000),
  }),
  // The conversation on the link's previews (conversation/): read, and write under a given name.
  z.object({ action: z.literal('comments'), token: Token }),
  z.object({
    action: z.literal('comment'),
    token: Token,
    previewId: z.uuid(),
    name: z.string().trim().min(1).max(80),
    body: z.string().trim().min(1).max(2000),
  }),
]);

type Body = z.infer<typeof reviewBodySchema>;
/** The database function and its arguments for each action (the random part of the token only). */
function callOf(body: Body, token: string): [string, Record<string, unknown>] {
  switch (body.action) {
    case 'open':
      return ['review_link_open', { token }];
    case 'approve':
      return ['review_link_approve', { token, preview_id: body.previewId, revision: body.revision }];
    case 'request_changes':
      return ['review_link_request_changes', { token, preview_id: body.previewId, feedback: body.feedback }];
    case 'comments':
      return ['review_link_comments', { token }];
    case 'comment':
      return [
        'review_link_add_comment',
        { token, preview_id: body.previewId, name: body.name, body: body.body },
      ];
  }
}

const INVALID = 'This review link is not valid or has expired.';

/**
 * POST /api/timeline-alchemy/review: what a review link may do (open, approve, request changes,
 * read and write the previews' conversations).
 * A forged, tampered or expired token is refused here, before any database call; a genuine one
 * goes on to the review_link_* functions, which look the link up by the hash of its random part
 * and check expiry and revocation themselves.
 */
export async function handleReview(request: Request, deps: ReviewDeps): Promise<Response> {
  if (!deps.secret) return apiError(503, 'not_configured', 'Review links are not configured on this server.');
  const parsed = await readJsonBody(request, reviewBodySchema);
  if (!parsed.ok) return parsed.response;
  const body = parsed.data;
  const verified = verifyReviewToken(deps.secret, body.token, (deps.now ?? Date.now)());
  if (!verified.ok) return apiError(401, 'invalid_link', INVALID);
  const token = verified.value.random;

  const [fn, args] = callOf(body, token);
  let res: Response;
  try {
    res = await (deps.fetchImpl ?? fetch)(`${deps.url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: {
        apikey: deps.anonKey,
        authorization: `Bearer ${deps.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return apiError(503, 'backend_unreachable', 'The database could not be reached.');
  }
  if (res.ok) {
    const data: unknown = await res.json().catch(() => null);
    return body.action === 'open' || body.action === 'comments' || body.action === 'comment'
      ? json(data)
      : json({ ok: true });
  }
  const { code } = (await res.json().catch(() => ({}))) as { code?: string };
  if (code === 'PT401') return apiError(401, 'invalid_link', INVALID);
  if (code === 'PT409')
    return apiError(409, 'stale', 'The preview changed since you opened it; look at the new version first.');
  if (code === 'PT429')
    return apiError(429, 'rate_limited', 'Too many comments through this link; try again later.');
  if (code === 'PT404') return apiError(404, 'not_found', 'No pending preview of this client has this id.');
  if (code === '22023')
    return apiError(
      422,
      'invalid_input',
      body.action === 'comment' ? 'A name and a comment are required.' : 'Feedback is required.',
    );
  // Class 22 is PostgreSQL's "data exception": a value the client sent that the database refuses
  // (out of range, malformed). Bad input, not a failing backend.
  if (code?.startsWith('22')) return apiError(422, 'invalid_input', 'Some fields are missing or invalid.');
  return apiError(502, 'backend_error', 'The review could not be saved.');
}
