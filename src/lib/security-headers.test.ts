import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headersFile,
  headersFor,
  inlineHandlerCount,
  inlineScriptHashes,
  parseHeadersFile,
  scriptHash,
  securityHeaders,
} from './security-headers.ts';

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

const LOCAL = { supabaseUrl: 'http://127.0.0.1:34521', production: false };
const PRODUCTION = {
  supabaseUrl: 'https://abcd.supabase.co/',
  shopifyDomain: 'chosen-ones.myshopify.com',
  production: true,
};

describe('contentSecurityPolicy', () => {
  it('runs scripts only from this origin and the hashed inline scripts: no unsafe-inline, no eval', () => {
    const csp = directives(
      contentSecurityPolicy({ ...LOCAL, scriptHashes: ['sha256-b', 'sha256-a', 'sha256-a'] }),
    );
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", "'sha256-a'", "'sha256-b'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // Inline styles only (critical CSS, style attributes set by scripts).
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('lets the browser reach the Supabase project over http(s) and its realtime websocket', () => {
    const local = directives(contentSecurityPolicy(LOCAL));
    expect(local.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:34521', 'ws://127.0.0.1:34521']);
    expect(local.get('img-src')).toEqual([
      "'self'",
      'data:',
      'https://cdn.shopify.com',
      'http://127.0.0.1:34521',
    ]);
    const production = directives(contentSecurityPolicy(PRODUCTION));
    expect(production.get('connect-src')).toEqual([
      "'self'",
      'https://abcd.supabase.co',
      'wss://abcd.supabase.co',
      'https://chosen-ones.myshopify.com',
    ]);
    expect(production.get('img-src')).toContain('https://abcd.supabase.co');
  });

  it('upgrades insecure requests in production only, and adds no local store', () => {
    expect(directives(contentSecurityPolicy(PRODUCTION)).has('upgrade-insecure-requests')).toBe(true);
    const local = contentSecurityPolicy({ ...LOCAL, shopifyDomain: '127.0.0.1:54330' });
    expect(directives(local).has('upgrade-insecure-requests')).toBe(false);
    expect(local).not.toContain('54330');
  });

  it('uses no insecure scheme in production', () => {
    const production = contentSecurityPolicy({ ...PRODUCTION, scriptHashes: ['sha256-a'] });
    expect(production).not.toMatch(/\b(?:http|ws):|unsafe-eval|\*/);
  });
});

describe('securityHeaders', () => {
  it("has the headers an A+ on Mozilla's Observatory asks for", () => {
    const headers = securityHeaders(PRODUCTION);
    expect(Number(headers['Strict-Transport-Security']?.match(/max-age=(\d+)/)?.[1])).toBeGreaterThanOrEqual(
      15_768_000,
    );
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Permissions-Policy']).toContain('camera=()');
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(headers['Content-Security-Policy']).toBe(contentSecurityPolicy(PRODUCTION));
  });
});

describe('inlineScriptHashes', () => {
  it("hashes a script as the CSP specification's own example does", () => {
    expect(scriptHash("alert('Hello, world.');")).toBe('sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=');
    // The HTML parser turns CRLF into LF before the browser hashes the text.
    expect(scriptHash('a();\r\nb();')).toBe(scriptHash('a();\nb();'));
  });

  it('hashes classic and module inline scripts, once each, and skips data blocks and external scripts', () => {
    const html = [
      '<script>one()</script>',
      `<script data-defer-modules='["/a.js"]'>one()</script>`,
      '<script type="module">two()</script>',
      '<script type=text/javascript>three()</script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      '<script type="application/json" data-cart-config>{"a":1}</script>',
      '<script type="module" src="/_astro/x.js"></script>',
      `<script data-x='a>b'>four()</script>`,
    ].join('');
    expect(inlineScriptHashes(html).sort()).toEqual(
      [scriptHash('one()'), scriptHash('two()'), scriptHash('three()'), scriptHash('four()')].sort(),
    );
  });

  it('counts inline event handlers, which no hash list allows', () => {
    expect(
      inlineHandlerCount(`<link rel="stylesheet" media="print" onload="this.media='all'"><a onclick='x()'>`),
    ).toBe(2);
    expect(inlineHandlerCount('<p>Turn on=off</p><img alt="x" data-online="1">')).toBe(0);
  });
});

describe('the _headers file', () => {
  it('is read back as written and applies splat and exact rules', () => {
    const rules = [
      {
        path: '/*',
        headers: { 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "default-src 'self'; a: b" },
      },
      { path: '/api/*', headers: { 'Cache-Control': 'no-store' } },
      { path: '/about', headers: { 'X-Extra': '1' } },
    ];
    const text = headersFile(rules);
    expect(text).toContain(
      "/*\n  X-Frame-Options: DENY\n  Content-Security-Policy: default-src 'self'; a: b\n",
    );
    expect(parseHeadersFile(`# comment\n${text}`)).toEqual(rules);
    expect(headersFor(rules, '/shop/')).toEqual(rules[0]?.headers);
    expect(headersFor(rules, '/api/contact')).toEqual({ ...rules[0]?.headers, 'Cache-Control': 'no-store' });
    expect(headersFor(rules, '/about/')).toEqual({ ...rules[0]?.headers, 'X-Extra': '1' });
    expect(headersFor(rules, '/apiary')).toEqual(rules[0]?.headers);
  });
});
