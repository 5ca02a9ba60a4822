import { describe, expect, it, vi } from 'vitest';
import { CONSENT_VERSION } from './consent.ts';
import { handleNewsletterSignUp, handleOneClickUnsubscribe, type NewsletterDeps } from './handler.ts';
import { newsletterMailTemplates } from './mails.ts';
import type { NewsletterStore } from './store.ts';

type Calls = { signUps: unknown[]; records: unknown[] };

function fakeDeps(
  signUpResult: Awaited<ReturnType<NewsletterStore['signUp']>> = { ok: true, subscriberId: 's1' },
): { deps: NewsletterDeps; calls: Calls } {
  const calls: Calls = { signUps: [], records: [] };
  const store: NewsletterStore = {
    signUp: async (input) => {
      calls.signUps.push(input);
      return signUpResult;
    },
    record: async (...args) => void calls.records.push(args),
    confirm: async () => ({ outcome: 'invalid' }),
    unsubscribe: async () => ({ outcome: 'invalid' }),
  };
  return { deps: { store }, calls };
}
const meta = { ip: '192.0.2.1', origin: 'https://example.org' };
const valid = {
  email: 'ann@example.org',
  firstName: 'Ann',
  lastName: 'Lee',
  consent: true,
  language: 'nl',
  source: 'footer',
  consentVersion: CONSENT_VERSION,
};
const post = (body: unknown, type = 'application/json') =>
  new Request('https://example.org/api/newsletter', {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe('POST /api/newsletter', () => {
  it('accepts a valid sign-up: stores the Dutch consent text and the configured origin for the mail, answers 202 without sending', async () => {
    const { deps, calls } = fakeDeps();
    const res = await handleNewsletterSignUp(post(valid), deps, meta);
    expect(res.status).toBe(202);
    expect(calls.signUps[0]).toMatchObject({
      email: 'ann@example.org',
      consentVersion: CONSENT_VERSION,
      ip: '192.0.2.1',
      origin: 'https://example.org',
      consentText: expect.stringContaining('Ja, ik wil de Inner Circle nieuwsbrief'),
    });
    // The mail is queued by the database function with the sign-up; nothing is recorded here.
    expect(calls.records).toEqual([]);
  });

  it('the outbox template renders a Dutch confirmation with its links and RFC 8058 headers', () => {
    const render = newsletterMailTemplates['newsletter.confirmation'];
    const mail = render?.(
      {
        id: 'r1',
        idempotency_key: 'k',
        to: 'ann@example.org',
        locale: 'nl',
        kind: 'newsletter.confirmation',
        payload: { name: 'Ann', confirm: 'c'.repeat(43), unsubscribe: 'u'.repeat(43) },
        attempts: 1,
      },
      { origin: 'https://example.org', supabaseUrl: 'http://127.0.0.1:1', env: {} },
    );
    expect(mail?.subject).toBe('Bevestig je aanmelding voor de Inner Circle');
    expect(mail?.headers?.['List-Unsubscribe']).toBe(
      `<https://example.org/api/newsletter/unsubscribe?token=${'u'.repeat(43)}>`,
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toContain(`https://example.org/newsletter/confirm?token=${'c'.repeat(43)}`);
    expect(mail?.text).toContain('Ann');
  });

  it.each([
    ['no consent', { ...valid, consent: false }, 422],
    ['no first name', { ...valid, firstName: ' ' }, 422],
    ['not an e-mail', { ...valid, email: 'ann@' }, 422],
    ['a NUL byte', { ...valid, lastName: 'Lee\u0000' }, 400],
    ['a lone surrogate', { ...valid, firstName: '\ud800' }, 400],
    ['an unknown language', { ...valid, language: 'fr' }, 422],
    ['an old consent text', { ...valid, consentVersion: '2020-01' }, 409],
    ['malformed JSON', '{"email":', 400],
  ])('answers %s with a 4xx and stores nothing', async (_, body, status) => {
    const { deps, calls } = fakeDeps();
    const res = await handleNewsletterSignUp(post(body), deps, meta);
    expect(res.status).toBe(status);
    expect(calls.signUps).toHaveLength(0);
  });

  it('refuses another content type with 415', async () => {
    const { deps } = fakeDeps();
    expect(
      (await handleNewsletterSignUp(post('email=a', 'application/x-www-form-urlencoded'), deps, meta)).status,
    ).toBe(415);
  });

  it('kicks the mail worker after a stored sign-up (never awaited), not after a refused one', async () => {
    const kick = vi.fn();
    const ok = fakeDeps();
    expect((await handleNewsletterSignUp(post(valid), { ...ok.deps, kick }, meta)).status).toBe(202);
    expect(kick).toHaveBeenCalledTimes(1);
    const down = fakeDeps({ ok: false, code: 'unavailable' });
    expect((await handleNewsletterSignUp(post(valid), { ...down.deps, kick }, meta)).status).toBe(503);
    expect(kick).toHaveBeenCalledTimes(1);
  });

  it('maps the database limit to 429 rate_limited, an outage to 503, never 500', async () => {
    expect(
      await codeOf(
        await handleNewsletterSignUp(post(valid), fakeDeps({ ok: false, code: 'rate_limited' }).deps, meta),
      ),
    ).toBe('rate_limited');
    const down = await handleNewsletterSignUp(
      post(valid),
      fakeDeps({ ok: false, code: 'unavailable' }).deps,
      meta,
    );
    expect(down.status).toBe(503);
  });

  it('members may subscribe without names (one click with their account address)', async () => {
    const { deps } = fakeDeps();
    const res = await handleNewsletterSignUp(
      post({
        email: 'm@example.org',
        consent: true,
        language: 'en',
        source: 'member',
        consentVersion: CONSENT_VERSION,
      }),
      deps,
      meta,
    );
    expect(res.status).toBe(202);
  });
});

describe('POST /api/newsletter/unsubscribe (one-click)', () => {
  it('refuses a missing or malformed token with 400, an unknown one with 404', async () => {
    const { deps } = fakeDeps();
    const req = (q: string) =>
      new Request(`https://example.org/api/newsletter/unsubscribe${q}`, { method: 'POST' });
    expect((await handleOneClickUnsubscribe(req(''), deps, meta)).status).toBe(400);
    expect((await handleOneClickUnsubscribe(req('?token=<script>'), deps, meta)).status).toBe(400);
    expect((await handleOneClickUnsubscribe(req(`?token=${'x'.repeat(43)}`), deps, meta)).status).toBe(404);
  });
});
