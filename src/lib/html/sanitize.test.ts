import { describe, expect, it } from 'vitest';
import { sanitizeMerchantHtml } from './sanitize.ts';

describe('sanitizeMerchantHtml', () => {
  it('keeps ordinary formatting', () => {
    const html =
      '<p>Een <strong>stille</strong> <em>ochtend</em>.</p><ul><li>één</li></ul><blockquote>Zie.</blockquote>';
    expect(sanitizeMerchantHtml(html)).toBe(html);
  });

  it('removes script and style elements with their content', () => {
    const out = sanitizeMerchantHtml('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>');
    expect(out).toBe('<p>a</p><p>b</p>');
  });

  it('removes event handler attributes', () => {
    const out = sanitizeMerchantHtml(
      '<p onclick="steal()">x</p><img src="https://cdn.shopify.com/a.png" onerror="steal()" alt="">',
    );
    expect(out).not.toMatch(/onclick|onerror|steal/);
    expect(out).toContain('<p>x</p>');
    expect(out).toContain('src="https://cdn.shopify.com/a.png"');
  });

  it('drops javascript: and data: URLs, also obfuscated ones', () => {
    const out = sanitizeMerchantHtml(
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt&#58;alert(1)">b</a><a href=" javascript:alert(1)">c</a><img src="data:image/svg+xml;base64,PHN2Zz4=">',
    );
    expect(out.toLowerCase()).not.toContain('javascript');
    expect(out).not.toContain('data:');
  });

  it('removes iframes, forms and inline styles', () => {
    const out = sanitizeMerchantHtml(
      '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><p style="background:url(javascript:x)">t</p>',
    );
    expect(out).toBe('<p>t</p>');
  });

  it('demotes h1 and protects new-tab links', () => {
    const out = sanitizeMerchantHtml(
      '<h1>T</h1><a href="https://example.com" target="_blank">x</a><a href="/y" target="_self">y</a>',
    );
    expect(out).toBe(
      '<h2>T</h2><a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a><a href="/y">y</a>',
    );
  });

  it('answers an empty string for missing input', () => {
    expect(sanitizeMerchantHtml(null)).toBe('');
    expect(sanitizeMerchantHtml(undefined)).toBe('');
  });
});
