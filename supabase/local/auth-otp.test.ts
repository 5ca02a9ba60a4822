import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkFrequency, isExpired, newOtp, parseGoDuration, tokenHash } from './auth-otp.ts';

const settings = { otpExpiry: 3600, maxFrequency: 60, securePasswordChange: true };

describe('GoTrue one-time codes', () => {
  it('hashes as crypto.GenerateTokenHash: hex of sha224(email + otp), 56 characters', () => {
    const hash = tokenHash('a@example.com', '123456');
    expect(hash).toBe(createHash('sha224').update('a@example.com123456').digest('hex'));
    expect(hash).toHaveLength(56);
  });

  it('codes are six digits', () => {
    for (let i = 0; i < 50; i++) expect(newOtp()).toMatch(/^\d{6}$/);
  });

  it('parses Go durations as ban_duration and max_frequency use them', () => {
    expect(parseGoDuration('24h')).toBe(86400);
    expect(parseGoDuration('1h30m')).toBe(5400);
    expect(parseGoDuration('60s')).toBe(60);
    expect(parseGoDuration('1.5h')).toBe(5400);
    expect(parseGoDuration('forever')).toBeNull();
    expect(parseGoDuration('24')).toBeNull();
    expect(parseGoDuration('24hx')).toBeNull();
  });

  it('refuses a second mail within max_frequency with the seconds left (errors.go:258)', () => {
    expect(() => checkFrequency(new Date(Date.now() - 61_000), settings)).not.toThrow();
    expect(() => checkFrequency(new Date(Date.now() - 30_500), settings)).toThrow(
      'For security purposes, you can only request this after 29 seconds.',
    );
  });

  it('expires otp_expiry seconds after it was sent', () => {
    expect(isExpired(new Date(Date.now() - 3_599_000), settings)).toBe(false);
    expect(isExpired(new Date(Date.now() - 3_601_000), settings)).toBe(true);
    expect(isExpired(null, settings)).toBe(true);
  });
});
