import { describe, expect, it } from 'vitest';
import { sanitizeMerchantHtml } from './sanitize.ts';

/*
 * What merchant HTML keeps and loses. A product, article or policy body from the storefront must
 * keep all of its formatting (a policy has tables, an article quotes and figures), and lose all
 * that can run code or phone home from an unexpected place.
 */

describe('merchant HTML keeps the formatting a body needs', () => {
  it.each([
    '<p>a<br />b</p><hr />',
    '<h2>a</h2><h3>b</h3><h4>c</h4><h5>d</h5><h6>e</h6>',
    '<p><strong>a</strong><b>b</b><em>c</em><i>d</i><u>e</u><s>f</s><small>g</small></p>',
    '<p>H<sub>2</sub>O, x<sup>2</sup>, <mark>m</mark>, <q>q</q>, <cite>c</cite>, <code>x</code></p>',
    '<blockquote>Zie.</blockquote><pre>  two  spaces</pre>',
    '<ul><li>a</li></ul><ol start="3" reversed><li>b</li></ol>',
    '<dl><dt>term</dt><dd>meaning</dd></dl>',
    '<figure><img src="https://cdn.shopify.com/a.png" alt="a" width="10" height="20" title="t" loading="lazy" decoding="async" /><figcaption>c</figcaption></figure>',
    '<table><caption>Sizes</caption><thead><tr><th scope="col">S</th><th colspan="2" rowspan="1">M</th></tr></thead><tbody><tr><td colspan="2" rowspan="2">1</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>',
    '<div><span>a</span><abbr title="Ongeveer">ca.</abbr> <time datetime="2026-01-01">1 januari</time></div>',
    '<a href="https://example.com/x" title="t" hreflang="en">x</a>',
    '<a href="mailto:info@example.com">mail</a> <a href="tel:+31201234567">bel</a> <a href="http://example.com">http</a>',
  ])('keeps %s', (html) => {
    expect(sanitizeMerchantHtml(html)).toBe(html);
  });

  it('keeps the text of wrappers it removes', () => {
    expect(sanitizeMerchantHtml('<center><font color="red">Welkom</font></center>')).toBe('Welkom');
  });

  it('trims the result', () => {
    expect(sanitizeMerchantHtml('  <p>a</p>\n ')).toBe('<p>a</p>');
    expect(sanitizeMerchantHtml('')).toBe('');
  });
});

describe('merchant HTML loses what can run code', () => {
  it.each([
    ['script', '<script>alert(1)</script>'],
    ['style', '<style>p{}</style>'],
    ['textarea', '<textarea>secret</textarea>'],
    ['option', '<option>pick me</option>'],
    ['noscript', '<noscript><p>no js</p></noscript>'],
    ['iframe', '<iframe>inside</iframe>'],
    ['object', '<object data="x.swf">fallback</object>'],
    ['embed', '<embed src="x.swf">'],
    ['template', '<template><p>later</p></template>'],
  ])('drops %s with its content', (_name, html) => {
    expect(sanitizeMerchantHtml(`<p>a</p>${html}<p>b</p>`)).toBe('<p>a</p><p>b</p>');
  });

  it('drops attributes not named for a tag', () => {
    expect(sanitizeMerchantHtml('<p class="x" id="y" title="t">a</p>')).toBe('<p>a</p>');
    expect(sanitizeMerchantHtml('<td scope="row">a</td>')).toBe('<td>a</td>');
    expect(sanitizeMerchantHtml('<a href="https://e.x" download ping="https://t.x">a</a>')).toBe(
      '<a href="https://e.x">a</a>',
    );
  });

  it('lets images load only over http(s), never from mailto:, tel: or protocol-relative URLs', () => {
    expect(sanitizeMerchantHtml('<img src="mailto:a@b.c">')).toBe('<img loading="lazy" decoding="async" />');
    expect(sanitizeMerchantHtml('<img src="tel:123">')).toBe('<img loading="lazy" decoding="async" />');
    expect(sanitizeMerchantHtml('<img src="//evil.example/x.png">')).toBe(
      '<img loading="lazy" decoding="async" />',
    );
    expect(sanitizeMerchantHtml('<a href="//evil.example/x">x</a>')).toBe('<a>x</a>');
    expect(sanitizeMerchantHtml('<a href="ftp://files.example/x">x</a>')).toBe('<a>x</a>');
  });

  it('makes every image lazy and async, whatever the merchant wrote', () => {
    expect(
      sanitizeMerchantHtml('<img src="https://cdn.shopify.com/a.png" loading="eager" decoding="sync">'),
    ).toBe('<img src="https://cdn.shopify.com/a.png" loading="lazy" decoding="async" />');
  });

  it('protects new-tab links and drops any other target, keeping a merchant rel elsewhere', () => {
    expect(sanitizeMerchantHtml('<a href="https://e.x" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://e.x" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeMerchantHtml('<a href="https://e.x" target="_top" rel="nofollow">x</a>')).toBe(
      '<a href="https://e.x" rel="nofollow">x</a>',
    );
  });

  it('demotes an h1 and keeps its text', () => {
    expect(sanitizeMerchantHtml('<h1 class="big">Titel</h1>')).toBe('<h2>Titel</h2>');
  });
});
