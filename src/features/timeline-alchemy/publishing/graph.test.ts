import { describe, expect, it } from 'vitest';
import { platformConfig } from './config.ts';
import { graphLocale, graphOutcome, graphRetryAt } from './graph.ts';

const answer = (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error: { type: 'OAuthException', fbtrace_id: 'A1', ...error } }), {
    status,
    headers,
  });

describe("Meta's Graph API", () => {
  it('Facebook and Instagram share the Facebook app; the stand-in when SOCIAL_META_URL is set', () => {
    expect(platformConfig('facebook', {})).toBeNull();
    expect(platformConfig('instagram', { FACEBOOK_APP_ID: 'app', FACEBOOK_APP_SECRET: 's' })).toMatchObject({
      authorizeUrl: expect.stringMatching(/^https:\/\/www\.facebook\.com\/v\d+\.\d+\/dialog\/oauth$/),
      apiBase: expect.stringMatching(/^https:\/\/graph\.facebook\.com\/v\d+\.\d+$/),
      local: false,
    });
    expect(platformConfig('facebook', { SOCIAL_META_URL: 'http://127.0.0.1:54342' })).toMatchObject({
      apiBase: expect.stringMatching(/^http:\/\/127\.0\.0\.1:54342\/v/),
      clientSecret: 'local-meta-secret',
      local: true,
    });
  });

  it("waits for the Business Use Case usage's estimated_time_to_regain_access (minutes), else Retry-After", () => {
    const now = 1_800_000_000_000;
    const at = (h: Record<string, string>) => graphRetryAt({ headers: new Headers(h) }, now);
    const buc = (minutes: number[]) =>
      JSON.stringify({
        '1234': minutes.map((m) => ({ type: 'pages', call_count: 100, estimated_time_to_regain_access: m })),
      });
    expect(at({ 'x-business-use-case-usage': buc([0, 3]) })?.getTime()).toBe(now + 180_000);
    expect(at({ 'x-business-use-case-usage': buc([0]), 'retry-after': '9' })?.getTime()).toBe(now + 9_000);
    expect(at({ 'x-business-use-case-usage': 'not json' })).toBeNull();
    expect(at({ 'x-app-usage': '{"call_count":100}' })).toBeNull();
  });

  it("reads Graph's error codes: throttled later, 190 unauthorized, transient maybe, the rest refused in the person's words", async () => {
    const usage = {
      'x-business-use-case-usage': JSON.stringify({ 1: [{ estimated_time_to_regain_access: 1 }] }),
    };
    expect(await graphOutcome(answer(400, { code: 80001, message: 'too many' }, usage))).toMatchObject({
      kind: 'later',
      retryAt: expect.any(Date),
    });
    expect(await graphOutcome(answer(403, { code: 4, message: 'app limit' }))).toMatchObject({
      kind: 'later',
    });
    expect(await graphOutcome(answer(400, { code: 190, error_subcode: 460, message: 'x' }))).toMatchObject({
      kind: 'unauthorized',
    });
    expect(await graphOutcome(answer(503, { code: 2, message: 'down' }))).toMatchObject({ kind: 'maybe' });
    expect(await graphOutcome(answer(400, { code: 1, is_transient: true, message: 'x' }))).toMatchObject({
      kind: 'maybe',
    });
    expect(
      await graphOutcome(
        answer(400, { code: 506, message: '(#506) Duplicate', error_user_msg: 'Staat er al.' }),
      ),
    ).toEqual({ kind: 'rejected', message: 'Staat er al.' });
    expect(graphLocale('de')).toBe('de_DE');
    expect(graphLocale(null)).toBe('en_US');
  });
});
