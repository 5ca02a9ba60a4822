import { describe, expect, it } from 'vitest';
import { retryAtOf } from './api.ts';
import { open, type PlatformConfig, platformConfig, postLink, seal, tokenKey } from './config.ts';
import { backoff } from './worker.ts';

describe('tokens at rest', () => {
  it('seals with AES-256-GCM: a fresh IV each time, opens only with the same key and untouched', () => {
    const key = tokenKey('http://127.0.0.1:54321') as Buffer;
    const a = seal(key, 'secret-token');
    expect(a).not.toContain('secret-token');
    expect(seal(key, 'secret-token')).not.toBe(a);
    expect(open(key, a)).toBe('secret-token');
    const other = Buffer.alloc(32, 7);
    expect(() => open(other, a)).toThrow();
    const parts = a.split('.');
    const flipped = [
      parts[0],
      parts[1],
      parts[2],
      `${parts[3]?.startsWith('A') ? 'B' : 'A'}${parts[3]?.slice(1)}`,
    ].join('.');
    expect(() => open(key, flipped)).toThrow();
  });

  it('uses SOCIAL_TOKEN_KEY (32 bytes); the dev key only against a local stack', () => {
    expect(tokenKey('https://project.supabase.co', {})).toBeNull();
    expect(
      tokenKey('https://project.supabase.co', { SOCIAL_TOKEN_KEY: Buffer.alloc(16).toString('base64') }),
    ).toBeNull();
    const key = Buffer.alloc(32, 1);
    expect(tokenKey('https://project.supabase.co', { SOCIAL_TOKEN_KEY: key.toString('base64') })).toEqual(
      key,
    );
  });
});

describe('platform configuration', () => {
  it('real hosts with configured apps; the stand-ins when their URL is set; nothing without either', () => {
    expect(platformConfig('x', {})).toBeNull();
    expect(platformConfig('x', { X_CLIENT_ID: 'id', X_CLIENT_SECRET: 's' })).toMatchObject({
      authorizeUrl: 'https://x.com/i/oauth2/authorize',
      tokenUrl: 'https://api.x.com/2/oauth2/token',
      pkce: true,
      local: false,
    });
    expect(platformConfig('linkedin', { LINKEDIN_CLIENT_ID: 'id' })).toMatchObject({
      tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
      apiBase: 'https://api.linkedin.com',
    });
    expect(platformConfig('linkedin', { SOCIAL_LINKEDIN_URL: 'http://127.0.0.1:54341' })).toMatchObject({
      apiBase: 'http://127.0.0.1:54341',
      local: true,
    });
  });

  it('links a post where each platform shows it, on the real sites and on the stand-ins', () => {
    const cfg = (platform: 'x' | 'linkedin' | 'facebook' | 'instagram', env: Record<string, string>) =>
      platformConfig(platform, env) as PlatformConfig;
    const apps = { X_CLIENT_ID: 'i', LINKEDIN_CLIENT_ID: 'i', FACEBOOK_APP_ID: 'i' };
    expect(postLink(cfg('x', apps), '17', 'stilte')).toBe('https://x.com/stilte/status/17');
    expect(postLink(cfg('linkedin', apps), 'urn:li:share:9', 'x')).toBe(
      'https://www.linkedin.com/feed/update/urn:li:share:9/',
    );
    expect(postLink(cfg('facebook', apps), '12_34', 'x')).toBe('https://www.facebook.com/12_34');
    expect(postLink(cfg('instagram', apps), '5', 'stilte')).toBe('https://www.instagram.com/stilte');
    expect(postLink(cfg('x', { SOCIAL_X_URL: 'http://127.0.0.1:54340' }), '17', 'a')).toBe(
      'http://127.0.0.1:54340/a/status/17',
    );
  });

  it('asks LinkedIn for the organization scopes only where the app has the Community Management API', () => {
    const scopes = (env: Record<string, string>) => platformConfig('linkedin', env)?.scope.split(' ');
    expect(scopes({ LINKEDIN_CLIENT_ID: 'id' })).toEqual(['openid', 'profile', 'w_member_social']);
    for (const env of [
      { LINKEDIN_CLIENT_ID: 'id', LINKEDIN_ORGANIZATIONS: 'true' },
      { SOCIAL_LINKEDIN_URL: 'http://127.0.0.1:54341' },
    ])
      expect(scopes(env)).toEqual(expect.arrayContaining(['w_organization_social', 'r_organization_admin']));
  });
});

describe('backoff', () => {
  it("waits until X's x-rate-limit-reset, else Retry-After, else nothing known", () => {
    const now = 1_800_000_000_000;
    const at = (h: Record<string, string>) => retryAtOf({ headers: new Headers(h) }, now);
    expect(at({ 'x-rate-limit-reset': String(now / 1000 + 30) })?.getTime()).toBe(now + 30_000);
    expect(at({ 'x-rate-limit-reset': String(now / 1000 - 30) })?.getTime()).toBe(now);
    expect(at({ 'retry-after': '7' })?.getTime()).toBe(now + 7_000);
    expect(at({})).toBeNull();
  });

  it('doubles per attempt with jitter in [0.5, 1), at most an hour', () => {
    expect(backoff(1, 30, 0)).toBe(15_000);
    expect(backoff(3, 30, 0.999_999)).toBeCloseTo(120_000, -2);
    expect(backoff(30, 30, 0)).toBe(1_800_000);
  });
});
