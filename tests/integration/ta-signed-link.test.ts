import { describe, expect, inject, it } from 'vitest';
import { handleReview } from '../../src/features/timeline-alchemy/review/review-handler.ts';
import { signReviewToken } from '../../src/features/timeline-alchemy/review/signed-link.ts';
import { actor, arrange, rowOf, serviceClient, USERS, url } from './helpers.ts';

/**
 * POST /api/timeline-alchemy/review: a review link is `<id>.<expires>.<random>.<HMAC>`. Forged,
 * tampered and expired tokens are refused before any database call; a genuine one still needs the
 * stored hash, an unexpired and unrevoked row in the database.
 */

const SECRET = 's'.repeat(40);

async function makeLink(validHours = 2) {
  const { data, error } = await (await actor('admin')).db.rpc('create_review_link', {
    client_id: USERS.clientA.id,
    valid_hours: validHours,
  });
  if (error) throw error;
  const link = (data as Array<{ link_id: string; token: string; expires_at: string }>)[0];
  if (!link) throw new Error('no link');
  return { id: link.link_id, random: link.token, expiresAt: link.expires_at };
}

async function pendingPreview(title: string) {
  const idea = await arrange('ideas', { title, status: 'draft' });
  return arrange('previews', {
    idea_id: idea,
    client_id: USERS.clientA.id,
    channel: 'LinkedIn',
    template: 'LinkedIn',
    draft_content: { content: title, platforms: { LinkedIn: title }, selectedPosts: [] },
    scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
    status: 'pending',
  });
}

function call(body: Record<string, unknown>, secret: string | null = SECRET) {
  let queries = 0;
  const fetchImpl: typeof fetch = (input, init) => {
    queries++;
    return fetch(input, init);
  };
  const request = new Request('http://site.test/api/timeline-alchemy/review', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return handleReview(request, { url: url(), anonKey: inject('supabaseAnonKey'), secret, fetchImpl }).then(
    async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown>, queries }),
  );
}

describe('signed review links', () => {
  it('a valid link opens the client\'s pending previews and approves one "via link"', async () => {
    const title = `Signed ${Date.now()}`;
    const previewId = await pendingPreview(title);
    const token = signReviewToken(SECRET, await makeLink());
    const opened = await call({ action: 'open', token });
    expect(opened.status).toBe(200);
    const previews = (opened.body['previews'] as Array<{ id: string; title: string }>) ?? [];
    expect(previews.map((p) => p.title)).toContain(title);
    const approved = await call({ action: 'approve', token, previewId, revision: 1 });
    expect(approved).toMatchObject({ status: 200, body: { ok: true } });
    expect((await rowOf('previews', previewId))?.['status']).toBe('approved');
    const { data } = await serviceClient()
      .from('preview_history')
      .select('event, via_link')
      .eq('preview_id', previewId);
    expect(data).toContainEqual({ event: 'approved', via_link: true });
  });

  it('a forged signature is refused without a database query', async () => {
    const link = await makeLink();
    const forged = signReviewToken('another-secret-of-at-least-32-characters', link);
    const res = await call({ action: 'open', token: forged });
    expect(res).toMatchObject({ status: 401, body: { error: { code: 'invalid_link' } }, queries: 0 });
    // The same link signed with the real secret works: the refusal was the signature's.
    expect((await call({ action: 'open', token: signReviewToken(SECRET, link) })).status).toBe(200);
  });

  it('a tampered expiry (or id, or random part) is refused without a query', async () => {
    const link = await makeLink();
    const [id, expires, random, sig] = signReviewToken(SECRET, link).split('.') as [
      string,
      string,
      string,
      string,
    ];
    const later = String(Number(expires) + 30 * 86_400);
    const otherId = `${id.slice(0, -1)}${id.endsWith('0') ? '1' : '0'}`;
    for (const token of [
      [id, later, random, sig].join('.'),
      [otherId, expires, random, sig].join('.'),
      [id, expires, `${random.slice(0, -1)}${random.endsWith('A') ? 'B' : 'A'}`, sig].join('.'),
      [id, expires, random].join('.'),
      'not-a-real-token-at-all-123',
    ]) {
      expect(await call({ action: 'open', token })).toMatchObject({ status: 401, queries: 0 });
    }
  });

  it('an expired link is refused: by its signed expiry without a query, and by the database', async () => {
    const link = await makeLink();
    const past = signReviewToken(SECRET, { ...link, expiresAt: new Date(Date.now() - 1000) });
    expect(await call({ action: 'open', token: past })).toMatchObject({ status: 401, queries: 0 });
    // The database's own expiry counts even when the token still claims a future one.
    const token = signReviewToken(SECRET, link);
    expect((await call({ action: 'open', token })).status).toBe(200);
    await serviceClient()
      .from('preview_review_links')
      .update({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .eq('id', link.id);
    expect(await call({ action: 'open', token })).toMatchObject({ status: 401, queries: 1 });
  });

  it('a revoked link is refused', async () => {
    const link = await makeLink();
    const token = signReviewToken(SECRET, link);
    expect((await call({ action: 'open', token })).status).toBe(200);
    const { error } = await (await actor('admin')).db.rpc('revoke_review_link', { link_id: link.id });
    expect(error).toBeNull();
    expect(await call({ action: 'open', token })).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_link' } },
    });
  });

  it('bad input is a 4xx, and without a secret the server makes no links', async () => {
    const token = signReviewToken(SECRET, await makeLink());
    expect(
      (await call({ action: 'request_changes', token, previewId: USERS.clientA.id, feedback: ' ' })).status,
    ).toBe(422);
    expect((await call({ action: 'delete', token })).status).toBe(422);
    expect(await call({ action: 'open', token }, null)).toMatchObject({ status: 503, queries: 0 });
  });
});
