import { describe, expect, it } from 'vitest';
import {
  LOCAL_REVIEW_LINK_SECRET,
  reviewLinkSecret,
  signReviewToken,
  verifyReviewToken,
} from './signed-link.ts';

const SECRET = 'k'.repeat(40);
const LINK = {
  id: '0b6f3f3e-6a43-4c55-9a51-3c3b1f1d2a10',
  random: 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5',
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const NOW = Date.parse('2029-12-31T00:00:00Z');

describe('review link tokens', () => {
  it('round-trips: a signed token verifies and gives back the id, random part and expiry', () => {
    const token = signReviewToken(SECRET, LINK);
    expect(token.split('.')).toHaveLength(4);
    expect(verifyReviewToken(SECRET, token, NOW)).toEqual({
      ok: true,
      value: { id: LINK.id, random: LINK.random, expiresAt: new Date(LINK.expiresAt) },
    });
  });

  it('refuses another secret, any changed part, and a token past its expiry', () => {
    const token = signReviewToken(SECRET, LINK);
    const [id, exp, random, sig] = token.split('.') as [string, string, string, string];
    expect(verifyReviewToken('x'.repeat(40), token, NOW)).toEqual({ ok: false, problem: 'signature' });
    expect(
      verifyReviewToken(SECRET, [id, String(Number(exp) + 1), random, sig].join('.'), NOW),
    ).toMatchObject({
      problem: 'signature',
    });
    expect(verifyReviewToken(SECRET, [id, exp, `${random}A`, sig].join('.'), NOW)).toMatchObject({
      problem: 'signature',
    });
    expect(verifyReviewToken(SECRET, [id, exp, random, `${sig.slice(0, -1)}A`].join('.'), NOW).ok).toBe(
      sig.endsWith('A'),
    );
    expect(verifyReviewToken(SECRET, token, Date.parse(LINK.expiresAt))).toEqual({
      ok: false,
      problem: 'expired',
    });
    for (const bad of [
      '',
      'a.b.c',
      `${id}.soon.${random}.${sig}`,
      `nope.${exp}.${random}.${sig}`,
      `${token}.x`,
    ]) {
      expect(verifyReviewToken(SECRET, bad, NOW)).toEqual({ ok: false, problem: 'malformed' });
    }
  });

  it('uses the local secret only against a local stack; elsewhere REVIEW_LINK_SECRET is required', () => {
    expect(reviewLinkSecret('http://127.0.0.1:54321', {})).toBe(LOCAL_REVIEW_LINK_SECRET);
    expect(reviewLinkSecret('https://abc.supabase.co', {})).toBeNull();
    expect(reviewLinkSecret('https://abc.supabase.co', { REVIEW_LINK_SECRET: 'short' })).toBeNull();
    expect(reviewLinkSecret('https://abc.supabase.co', { REVIEW_LINK_SECRET: SECRET })).toBe(SECRET);
  });
});
