import { describe, expect, it } from 'vitest';
import { allowedHosts, isAllowedHost, refusal, siteOrigin } from './site.ts';

describe('siteOrigin: the configured origin, never the request', () => {
  it('prefers SITE_URL, then Netlify URL, then the build site', () => {
    expect(
      siteOrigin({ SITE_URL: 'https://a.example/x', URL: 'https://b.example' }, 'https://c.example'),
    ).toBe('https://a.example');
    expect(siteOrigin({ URL: 'https://b.example' }, 'https://c.example')).toBe('https://b.example');
    expect(siteOrigin({}, 'https://c.example')).toBe('https://c.example');
    expect(siteOrigin({}, undefined)).toBe('http://localhost:4321');
  });
});

describe('isAllowedHost', () => {
  const allowed = allowedHosts({
    SITE_URL: 'https://shop.example',
    DEPLOY_PRIME_URL: 'https://p--s.netlify.app',
  });
  const local = allowedHosts({ SITE_URL: 'http://127.0.0.1:4336' });

  it('accepts the configured hosts, with or without the default port', () => {
    expect(isAllowedHost('shop.example', allowed)).toBe(true);
    expect(isAllowedHost('SHOP.example:443', allowed)).toBe(true);
    expect(isAllowedHost('p--s.netlify.app', allowed)).toBe(true);
    expect(isAllowedHost('127.0.0.1:4336', local)).toBe(true);
    expect(isAllowedHost('localhost:4336', local)).toBe(true);
  });

  it.each([
    'evil.example',
    'shop.example.evil.example',
    'shop.example:8443',
    'shop.example@evil.example',
    'shop.example/evil',
    'shop.example, evil.example',
    '',
    '127.0.0.1:4321',
  ])('refuses %j', (host) => {
    expect(isAllowedHost(host, allowed) || isAllowedHost(host, local)).toBe(false);
  });
});

describe('refusal: what the server answers before routing', () => {
  const allowed = allowedHosts({ SITE_URL: 'http://127.0.0.1:4336' });
  const ok = { host: '127.0.0.1:4336' };

  it('lets a well-formed request for this site through', () => {
    expect(refusal('/api/newsletter?x=%C3%A9', ok, allowed)).toBeNull();
  });

  it.each(['/api/newsletter/unsubscribe?token=%E0%A4%A', '/api/shop/fresh%', '/x%ZZ', '/?q=100%'])(
    'refuses the broken percent-encoding in %s',
    (url) => {
      expect(refusal(url, ok, allowed)?.code).toBe('malformed_url');
    },
  );

  it('refuses a foreign Host or X-Forwarded-Host, and a missing Host', () => {
    expect(refusal('/', { host: 'evil.example' }, allowed)?.code).toBe('unknown_host');
    expect(refusal('/', { ...ok, forwardedHost: 'evil.example' }, allowed)?.code).toBe('unknown_host');
    expect(refusal('/', { host: null }, allowed)?.code).toBe('unknown_host');
    expect(refusal('/', { ...ok, forwardedHost: '127.0.0.1:4336' }, allowed)).toBeNull();
  });
});
