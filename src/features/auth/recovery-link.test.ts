import { describe, expect, it } from 'vitest';
import { readRecoveryLink } from './recovery-link.ts';

const page = 'http://localhost:4321/de/auth/reset';

describe('readRecoveryLink', () => {
  it('reads the recovery session of GoTrue’s /verify redirect', () => {
    expect(
      readRecoveryLink(`${page}#access_token=abc&expires_in=3600&refresh_token=r&type=recovery`),
    ).toEqual({
      kind: 'session',
      accessToken: 'abc',
    });
  });

  it('reads a token_hash link for verifyOtp', () => {
    expect(readRecoveryLink(`${page}?token_hash=h123&type=recovery`)).toEqual({
      kind: 'token_hash',
      tokenHash: 'h123',
    });
  });

  it('tells an expired or used link (prepErrorRedirectURL) apart', () => {
    const expired = `${page}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`;
    expect(readRecoveryLink(expired)).toEqual({ kind: 'error', code: 'otp_expired' });
  });

  it('ignores sessions and hashes of other link types', () => {
    expect(readRecoveryLink(`${page}#access_token=abc&type=signup`)).toEqual({ kind: 'none' });
    expect(readRecoveryLink(`${page}?token_hash=h&type=email_change`)).toEqual({ kind: 'none' });
    expect(readRecoveryLink(page)).toEqual({ kind: 'none' });
  });
});
