import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  budgetFor,
  findEagerScripts,
  isOver,
  measurePage,
  pageAddress,
  SIGNED_IN_BUDGET,
} from './js-budget.ts';

/*
 * The JS budget must count every byte a page loads up front, exactly: a measurement that
 * under-counts would let a page over its budget pass. The fixture files in
 * scripts/fixtures/js-budget/_astro/ have known gzip sizes (level 9, as the budget is measured):
 *   page.js 211, cart.js 239, format.js 169, shared.js 70, island.js 167, drawer.js 96,
 *   vendor.js 543 (generated below; level 6 would give 560).
 * The numbers were measured once with `gzip -9`-equivalent zlib and are written out here.
 */

let dir = '';

/** A 10 KB module of repeated words, deterministic (the same bytes on every run). */
function vendorSource(): string {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  const words =
    'cart line price quantity render format euro total item shop export const function return document query';
  const list = words.split(' ');
  let out = '';
  for (let i = 0; i < 2000; i++) out += `${list[next() % 16]}${next() % 7 === 0 ? ';\n' : ' '}`;
  return `export const words = \`${out}\`;\n`;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'js-budget-'));
  cpSync(join(import.meta.dirname, 'fixtures', 'js-budget'), dir, { recursive: true });
  writeFileSync(join(dir, '_astro', 'vendor.js'), vendorSource());
  // Files at the paths another host's URL would map to: they must still not be counted.
  for (const host of ['cdn.example', join('http:', 'cdn.example'), join('https:', 'cdn.example')]) {
    mkdirSync(join(dir, host), { recursive: true });
    writeFileSync(join(dir, host, 'x.js'), vendorSource());
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const module = (src: string) => `<script type="module" src="${src}"></script>`;

describe('measurePage: exact gzip sizes', () => {
  it.each([
    ['/_astro/shared.js', 70],
    ['/_astro/drawer.js', 96],
    ['/_astro/format.js', 169],
    ['/_astro/vendor.js', 543],
  ])('counts %s alone as %i bytes', async (src, bytes) => {
    expect((await measurePage('/', module(src), dir)).bytes).toBe(bytes);
  });

  it('adds the static imports of a module, each file once, external and dynamic imports not', async () => {
    // page.js imports cart.js (which imports format.js and an https URL), shared.js?v=3 and
    // re-exports format.js; drawer.js is imported dynamically.
    const report = await measurePage('/', module('/_astro/page.js'), dir);
    expect(report.files.sort()).toEqual([
      '/_astro/cart.js',
      '/_astro/format.js',
      '/_astro/page.js',
      '/_astro/shared.js',
    ]);
    expect(report.bytes).toBe(211 + 239 + 169 + 70);
  });

  it('counts a whole page: scripts, inline scripts and their imports, islands on load', async () => {
    const html = `<!doctype html><html><head>
      ${module('/_astro/page.js')}
      <script>import "/_astro/drawer.js"; window.ready = true;</script>
      <script src="https://cdn.example/tag.js"></script>
      </head><body>
      <astro-island client="load" component-url="/_astro/island.js"></astro-island>
      <astro-island client="visible" component-url="/_astro/drawer.js"></astro-island>
      </body></html>`;
    const report = await measurePage('/en/cart/', html, dir);
    // The inline script is 68 bytes gzipped and brings drawer.js (96); island.js brings vendor.js;
    // shared.js is counted once.
    expect(report.bytes).toBe(211 + 239 + 169 + 70 + 68 + 96 + 167 + 543);
    expect(report.files.sort()).toEqual([
      '/_astro/cart.js',
      '/_astro/drawer.js',
      '/_astro/format.js',
      '/_astro/island.js',
      '/_astro/page.js',
      '/_astro/shared.js',
      '/_astro/vendor.js',
    ]);
    expect(report).toMatchObject({ page: '/en/cart/', budget: 80_000, label: 'cart' });
  });

  it('resolves a relative script address against the page', async () => {
    expect((await measurePage('/_astro/demo', module('./shared.js'), dir)).bytes).toBe(70);
    expect((await measurePage('/_astro/demo', module('shared.js#x'), dir)).bytes).toBe(70);
  });

  it('adds nothing for a file that is not in the build or lives on another host', async () => {
    const html = `${module('/_astro/shared.js')}${module('/_astro/missing.js')}${module('//cdn.example/x.js')}${module('http://cdn.example/x.js')}${module('https://cdn.example/x.js')}`;
    expect((await measurePage('/', html, dir)).bytes).toBe(70);
    // A local address that merely contains "//" later on is local.
    expect((await measurePage('/', module('/_astro/shared.js?from=//x'), dir)).bytes).toBe(70);
  });

  it('counts an inline script it cannot parse, without following anything', async () => {
    const code = 'import "/_astro/vendor.js"; const s = "unterminated';
    const report = await measurePage('/', `<script>${code}</script>`, dir);
    expect(report.bytes).toBeGreaterThan(0);
    expect(report.bytes).toBeLessThan(543);
    expect(report.files).toEqual([]);
  });

  it('counts nothing for a page without scripts', async () => {
    expect(await measurePage('/about/', '<p>Hallo</p>', dir)).toEqual({
      page: '/about/',
      bytes: 0,
      files: [],
      budget: 8_000,
      label: 'content',
    });
  });
});

describe('findEagerScripts: what loads before interaction', () => {
  it('counts JavaScript scripts of any spelling of type, not data blocks or empty scripts', () => {
    const found = findEagerScripts(`
      <script type="text/javascript" src="/a.js"></script>
      <script type="MODULE" src="/b.js"></script>
      <script type="application/json" src="/data.json"></script>
      <script type="application/ld+json">{"a":1}</script>
      <script type="importmap">{"imports":{}}</script>
      <script>  </script>
      <script type="module">run()</script>`);
    expect(found).toEqual({ external: ['/a.js', '/b.js'], inline: ['run()'] });
  });

  it('counts islands on load, idle and only; not on visible or media, nor other links', () => {
    const found = findEagerScripts(`
      <astro-island client="only" component-url="/o.js" renderer-url="/r.js"></astro-island>
      <astro-island client="media" component-url="/m.js" renderer-url="/r.js"></astro-island>
      <astro-island client="idle" component-url="/i.js"></astro-island>
      <astro-island component-url="/none.js"></astro-island>
      <link rel="modulepreload">
      <link rel="preload" href="/p.js">
      <link rel="stylesheet" href="/s.css">
      <a rel="modulepreload" href="/not-a-link.js">x</a>
      <div client="load" component-url="/not-an-island.js"></div>
      <astro-island client="load" renderer-url="/renderer-only.js"></astro-island>`);
    expect(found).toEqual({ external: ['/o.js', '/r.js', '/i.js', '/renderer-only.js'], inline: [] });
  });

  it('counts the module scripts the build starts after the first paint, and their loader', () => {
    const found = findEagerScripts(
      `<script data-defer-modules='["/_astro/shell.js","/_astro/page.js"]'>load()</script><script data-defer-modules='not json'>x()</script>`,
    );
    expect(found).toEqual({ external: ['/_astro/shell.js', '/_astro/page.js'], inline: ['load()', 'x()'] });
  });

  it('counts an inline script the page leaves unclosed', () => {
    expect(findEagerScripts('<p>x</p><script>run()').inline).toEqual(['run()']);
  });

  it('keeps the text of an inline script apart from the page around it', () => {
    const found = findEagerScripts(
      '<p>before</p><script>a()</script><p>between</p><script>b()</script><p>after</p>',
    );
    expect(found.inline).toEqual(['a()', 'b()']);
  });
});

describe('budgetFor: the budgets of ARCHITECTURE.md, both sides of each rule', () => {
  it.each([
    ['/cart', 80_000],
    ['/cart/', 80_000],
    ['/de/cart/', 80_000],
    ['/cart/x', 8_000],
    ['/cartography/', 8_000],
    ['/fr/cart/', 8_000],
    ['/shop', 35_000],
    ['/en/shop/collection/x/', 35_000],
    ['/product/hoodie', 35_000],
    ['/products/123', 35_000],
    ['/shopping/', 8_000],
    ['/productive/', 8_000],
    ['/community', SIGNED_IN_BUDGET],
    ['/de/messages/abc', SIGNED_IN_BUDGET],
    ['/profile/', SIGNED_IN_BUDGET],
    ['/user/1', SIGNED_IN_BUDGET],
    ['/friends/', SIGNED_IN_BUDGET],
    ['/en/admin/audit/', SIGNED_IN_BUDGET],
    ['/administration/', 8_000],
    ['/communityx/', 8_000],
    ['/timeline-alchemy', 180_000],
    ['/en/timeline-alchemy/admin/dashboard/', 180_000],
    ['/timeline-alchemyx/', 8_000],
    ['/', 8_000],
    ['/blog/ego-to-eden/x/', 8_000],
  ])('%s: %i bytes', (page, budget) => {
    expect(budgetFor(page).budget).toBe(budget);
  });

  it('gives the sign-in page a budget of its own and only reports the checkout demo', () => {
    expect(budgetFor('/auth')).toMatchObject({ budget: 82_000, label: 'sign-in' });
    // The password reset page is the same kind of page (a form; the data client loads on submit).
    expect(budgetFor('/en/auth/reset/')).toMatchObject({ budget: 82_000, label: 'sign-in' });
    expect(budgetFor('/de/auth/').budget).toBe(82_000);
    expect(budgetFor('/en/checkout/demo')).toMatchObject({ budget: null });
    expect(budgetFor('/authors/').budget).toBe(8_000);
    expect(budgetFor('/auth/x').budget).toBe(8_000);
  });

  it("holds signed-in pages to ARCHITECTURE.md's 120 KB, the data client counted", () => {
    expect(SIGNED_IN_BUDGET).toBe(120_000);
  });

  it('names each rule', () => {
    expect(budgetFor('/cart/').label).toBe('cart');
    expect(budgetFor('/shop/').label).toBe('shop, collection, product');
    expect(budgetFor('/friends/').label).toBe(
      'signed-in: community, profile, friends, messages, account, notifications, admin',
    );
    expect(budgetFor('/timeline-alchemy/').label).toBe('Timeline Alchemy');
    expect(budgetFor('/about/').label).toBe('content');
  });
});

describe('isOver: what --enforce fails on', () => {
  it('fails a page one byte over its budget, never one without a budget', () => {
    expect(isOver({ bytes: 8_000, budget: 8_000 })).toBe(false);
    expect(isOver({ bytes: 8_001, budget: 8_000 })).toBe(true);
    expect(isOver({ bytes: 10_000_000, budget: null })).toBe(false);
  });

  it('fails a content page that loads 9 KB up front, and lets a signed-in page load it', async () => {
    // Random bytes do not compress: ~9 KB gz.
    const noise = randomBytes(8_600).toString('base64');
    writeFileSync(join(dir, '_astro', 'heavy.js'), `export const n="${noise}";`);
    const html = '<script type="module" src="/_astro/heavy.js"></script>';
    const content = await measurePage('/about/', html, dir);
    expect(content.bytes).toBeGreaterThan(8_000);
    expect(content.bytes).toBeLessThan(10_000);
    expect(isOver(content)).toBe(true);
    expect(isOver(await measurePage('/de/', html, dir))).toBe(true);
    expect(isOver(await measurePage('/community/', html, dir))).toBe(false);
  });
});

describe('pageAddress', () => {
  it('maps built files to the addresses they are served at', () => {
    expect(pageAddress('/b/client', '/b/client/index.html')).toBe('/');
    expect(pageAddress('/b/client', '/b/client/en/shop/index.html')).toBe('/en/shop/');
    expect(pageAddress('/b/client', '/b/client/404.html')).toBe('/404');
    expect(pageAddress('/b/client/', '/b/client/de/a.html')).toBe('/de/a');
    expect(pageAddress('/b/client', '/b/client/en\\blog\\index.html')).toBe('/en/blog/');
    expect(pageAddress('/b/client', '/b/client/a/../b/index.html')).toBe('/b/');
    expect(pageAddress('/b/client', '/b/client/a.htmlx/b.html')).toBe('/a.htmlx/b');
  });
});
