import { describe, expect, it, vi } from 'vitest';
import { handleReview } from './review-handler.ts';
import { LOCAL_REVIEW_LINK_SECRET, signReviewToken } from './signed-link.ts';

/** Issue 25, class 5: what a genuine review link may send is bounded, and never a 5xx. */
const token = signReviewToken(LOCAL_REVIEW_LINK_SECRET, {
  id: '00000000-0000-4000-8000-000000000001',
  random: 'r'.repeat(43),
  expiresAt: new Date(Date.now() + 3_600_000),
});
const approve = (revision: unknown) =>
  new Request('http://site.test/api/timeline-alchemy/review', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      action: 'approve',
      token,
      previewId: '00000000-0000-4000-8000-000000000002',
      revision,
    }),
  });
const answer = (status: number, body: unknown) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));
const deps = (fetchImpl: typeof fetch) => ({
  url: 'http://db.test',
  anonKey: 'anon',
  secret: LOCAL_REVIEW_LINK_SECRET,
  fetchImpl,
});

describe('POST /api/timeline-alchemy/review: numbers within their SQL type', () => {
  it.each([2 ** 31, 2 ** 40, 1e308, -1, 0, 1.5])(
    'refuses revision %s with a 422 before the database',
    async (revision) => {
      const fetchImpl = answer(200, null);
      const res = await handleReview(approve(revision), deps(fetchImpl));
      expect(res.status).toBe(422);
      expect((await res.json()).error.code).toBe('invalid_input');
      expect(fetchImpl).not.toHaveBeenCalled();
    },
  );

  it('passes the largest int4 on to the database', async () => {
    const fetchImpl = answer(200, null);
    const res = await handleReview(approve(2_147_483_647), deps(fetchImpl));
    expect(res.status).toBe(200);
    expect(JSON.parse(String(fetchImpl.mock.calls[0]?.[1]?.body))).toMatchObject({ revision: 2_147_483_647 });
  });

  it.each(['22003', '22P02', '22007'])(
    'answers a database data exception (%s) as 422, not 502',
    async (code) => {
      const res = await handleReview(approve(3), deps(answer(400, { code, message: 'out of range' })));
      expect(res.status).toBe(422);
      expect((await res.json()).error.code).toBe('invalid_input');
    },
  );

  it('still answers 502 for a backend failure that is not about the input', async () => {
    const res = await handleReview(approve(3), deps(answer(500, { code: 'XX000' })));
    expect(res.status).toBe(502);
  });
});
