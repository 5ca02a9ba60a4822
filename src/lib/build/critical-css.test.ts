import { cp, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Beasties from 'beasties';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { inlineHandlerCount } from '../security-headers.ts';
import { inlineCriticalCss, inlinePage, LAZY_SHEET_SCRIPT } from './critical-css.ts';
import { compileSheet, pageTokens } from './css-rules.ts';
import { moduleLoader } from './module-loader.ts';

const MODULE_LOADER = moduleLoader();

import { scriptGraph } from './script-graph.ts';
import { requiredTokens } from './selector-tokens.ts';

// Selectors in the shapes Tailwind v4, Astro's scoped styles and our own CSS produce.
const SHEET = [
  '@layer theme{:root,:host{--color-ink:#1d1730}}',
  '@layer base{*,:after,:before,::backdrop{box-sizing:border-box}html,:host{line-height:1.5}h1,h2,h3{font-size:inherit}',
  'a{color:inherit}input:where([type=checkbox]){appearance:none}button:not(:disabled){cursor:pointer}}',
  '@layer utilities{.flex{display:flex}.hidden{display:none}.md\\:grid{display:grid}.\\32 xl\\:p-4{padding:1rem}',
  '.hover\\:underline:hover{text-decoration:underline}.group-hover\\:text-gold:is(:where(.group):hover *){color:gold}',
  '.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}:where(.space-y-4>:not(:last-child)){margin-top:1rem}',
  '.animate-pulse{animation:var(--animate-pulse)}.animate-spin{animation:spin 1s linear infinite}',
  '.peer:checked~.peer-checked\\:block{display:block}.drawer-open{overflow:hidden}',
  '@media (width>=48rem){.md\\:flex{display:flex}.md\\:hidden{display:none}}',
  '.aria-expanded\\:rotate-180[aria-expanded=true]{rotate:180deg}#cart-count{min-width:1rem}.sr-only:not(.keep){position:absolute}',
  '.list>li:nth-child(2n+1){background:#eee}.x:is(.y,.z){color:red}}',
  '@keyframes spin{to{rotate:360deg}}@keyframes pulse{50%{opacity:.5}}',
  '@font-face{font-family:X;src:url(x.woff2)}',
  '@property --tw-rotate{syntax:"*";inherits:false}',
  '.site-search[data-astro-cid-q1]{position:static}li[data-astro-cid-a1]:has(a:focus-visible){outline:3px solid}',
].join('');

const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title>
<link rel="stylesheet" href="/_astro/site.css"></head><body>
<header class="flex md:grid 2xl:p-4 site-search" data-astro-cid-q1><a class="hover:underline group" href="/">
<span class="group-hover:text-gold">Home</span></a><button class="[&amp;>svg]:size-4 aria-expanded:rotate-180"
aria-expanded="false"><svg></svg></button><span id="cart-count" class="sr-only">0</span></header>
<main class="space-y-4"><h1>Title</h1><ul class="list"><li data-astro-cid-a1><a href="/a">a</a></li></ul>
<div class="animate-spin x y"></div><input type="checkbox" class="peer"><p class="peer-checked:block">p</p>
<template><div class="md:hidden">later</div></template></main></body></html>`;

/** Each selector of each rule, with its at-rule context and declarations. */
function selectorKeys(css: string): Set<string> {
  const keys = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    let context = '';
    for (let p = rule.parent; p && p.type === 'atrule'; p = p.parent)
      context = `@${(p as postcss.AtRule).name} ${(p as postcss.AtRule).params}|${context}`;
    const body = rule.nodes.map((n) => n.toString()).join(';');
    for (const selector of rule.selectors) keys.add(`${context}${selector}{${body}}`);
  });
  return keys;
}

const compiled = compileSheet(SHEET);
const sheetFor = async (href: string) => (href === '/_astro/site.css' ? compiled : undefined);

/** The page as a React app gets it: its markup's rules inlined, the full sheet without blocking. */
async function ours(html: string) {
  return inlinePage(html, { sheetFor });
}

/** The page as a server-rendered page with scripts gets it: everything inlined, scripts deferred. */
async function complete(html: string, scriptWords: string[] = []) {
  const seen: { sources: string[]; inline: string[] } = { sources: [], inline: [] };
  const out = await inlinePage(html, {
    sheetFor,
    scriptsFor: async (sources, inline) => {
      Object.assign(seen, { sources, inline });
      return { has: (token: string) => scriptWords.includes(token) };
    },
  });
  return { out, seen };
}

/** A built site's output folder in a temp dir: `files` by their path under /_astro. */
async function builtSite(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'critical-'));
  await mkdir(join(dir, '_astro'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, '_astro', name), text);
  return dir;
}

describe('critical CSS', () => {
  it('keeps every rule a DOM matcher (beasties) keeps for the page', async () => {
    const dir = await builtSite({ 'site.css': SHEET });
    const beasties = new Beasties({
      path: dir,
      publicPath: '/',
      preload: 'media',
      compress: true,
      logLevel: 'silent',
    });
    const theirs = (await beasties.process(PAGE)).match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    const mine = (await ours(PAGE)).match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    const missing = [...selectorKeys(theirs)].filter((key) => !selectorKeys(mine).has(key));
    expect(selectorKeys(theirs).size).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });

  it('leaves out rules the page cannot use, and keyframes nothing kept animates', async () => {
    const css = (await ours(PAGE)).match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(css).not.toContain('.drawer-open');
    expect(css).not.toContain('.hidden{');
    expect(css).not.toContain('.animate-pulse');
    expect(css).not.toContain('@keyframes pulse');
    expect(css).not.toContain('@font-face');
    expect(css).toContain('@keyframes spin');
    expect(css).not.toContain('.md\\:flex');
    // Only in a <template>, which a script shows later: kept like beasties keeps it.
    expect(css).toContain('@media (width>=48rem){.md\\:hidden{display:none}}');
    expect(css).toContain('.sr-only:not(.keep)');
    expect(css).toContain('@property --tw-rotate');
    expect(css).toContain(':root,:host{--color-ink');
  });

  it('makes the stylesheet non-blocking with a fallback for browsers without JavaScript', async () => {
    const html = await ours(PAGE);
    expect(html).toContain(
      `</style><link rel="stylesheet" href="/_astro/site.css" media="print"><script>${LAZY_SHEET_SCRIPT}</script><noscript><link rel="stylesheet" href="/_astro/site.css"></noscript></head>`,
    );
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(2);
    // Everything else stays byte for byte.
    expect(
      html.replace(/<style>[\s\S]*?<\/noscript>/, '<link rel="stylesheet" href="/_astro/site.css">'),
    ).toBe(PAGE);
  });

  it('leaves pages without a stylesheet, foreign sheets and already lazy links alone', async () => {
    const plain = '<html><head></head><body class="flex"></body></html>';
    expect(await ours(plain)).toBe(plain);
    const foreign = '<html><head><link rel="stylesheet" href="https://cdn.example/x.css"></head></html>';
    expect(await ours(foreign)).toBe(foreign);
    const lazy = '<html><head><link rel="stylesheet" href="/_astro/site.css" media="print"></head></html>';
    expect(await ours(lazy)).toBe(lazy);
  });
});

describe('pages whose scripts add to server-rendered HTML', () => {
  const WITH_SCRIPTS = PAGE.replace(
    '</head>',
    '<script type="module" src="/_astro/shell.js"></script><script type="module">import "/_astro/gallery.js";</script><script type="module" src="/_astro/page.js"></script></head>',
  );

  it("inline what the markup and the page's scripts can use, and request no stylesheet", async () => {
    const { out, seen } = await complete(WITH_SCRIPTS, ['drawer-open', 'hidden']);
    const css = out.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(css).toContain('.drawer-open{overflow:hidden}');
    expect(css).toContain('.hidden{display:none}');
    expect(css).not.toContain('.animate-pulse');
    expect(css).toContain('.md\\:grid{display:grid}');
    expect(out).not.toContain('rel="stylesheet"');
    expect(seen.sources).toEqual(['/_astro/shell.js', '/_astro/page.js']);
    expect(seen.inline).toEqual(['import "/_astro/gallery.js";']);
  });

  it('start their module scripts from one loader, in order, after the first paint', async () => {
    const { out } = await complete(WITH_SCRIPTS);
    expect(out).not.toMatch(/<script type="module" src=/);
    expect(out).toContain(
      `<script data-defer-modules='["/_astro/shell.js","/_astro/page.js"]'>${MODULE_LOADER}</script>`,
    );
    expect(out.match(/data-defer-modules/g)).toHaveLength(1);
    // The inline module (no request to defer) stays where it was.
    expect(out).toContain('<script type="module">import "/_astro/gallery.js";</script>');
    expect(MODULE_LOADER).toContain('first-contentful-paint');
  });

  it('React apps keep their markup rules inlined and the full sheet lazy, scripts untouched', async () => {
    const app = WITH_SCRIPTS.replace('<main', '<div data-react-island></div><main');
    const { out } = await complete(app, ['drawer-open']);
    expect(out).not.toContain('.drawer-open');
    expect(out).toContain(`media="print"><script>${LAZY_SHEET_SCRIPT}</script>`);
    // The CSP runs no inline event handlers (src/lib/security-headers.ts).
    expect(inlineHandlerCount(out)).toBe(0);
    expect(out).toContain('<script type="module" src="/_astro/shell.js"></script>');
    expect(out).not.toContain('data-defer-modules');
  });
});

describe('an app that asks for its scripts after the first paint', () => {
  it('keeps the full sheet lazy and starts its module scripts from the loader', async () => {
    const app = PAGE.replace(
      '</head>',
      '<script type="module" src="/_astro/auth.js"></script></head>',
    ).replace('<main', '<div data-react-island="auth" data-after-paint></div><main');
    const { out } = await complete(app, ['drawer-open']);
    expect(out).toContain(`media="print"><script>${LAZY_SHEET_SCRIPT}</script>`);
    expect(out).not.toMatch(/<script type="module" src=/);
    expect(out).toContain(`<script data-defer-modules='["/_astro/auth.js"]'>${MODULE_LOADER}</script>`);
  });
});

describe('custom properties', () => {
  const VARS = [
    '@layer theme{:root,:host{--color-ink:#1d1730;--color-unused:red;--font-body:var(--font-sans);--font-sans:system-ui;--from-style:1px;--from-script:2px;--chained:3px}}',
    '@layer properties{@supports (x:y){*,:before{--tw-shadow:0 0 #0000;--tw-unused:initial}}}',
    '@layer utilities{.text-ink{color:var(--color-ink)}.font-body{font-family:var(--font-body)}.shadow{box-shadow:var(--tw-shadow)}.absent{margin:var(--chained)}}',
    '@property --tw-shadow{syntax:"*";inherits:false}@property --tw-unused{syntax:"*";inherits:false}',
  ].join('');
  const sheet = compileSheet(VARS);
  const html = '<p class="text-ink font-body shadow" style="width:var(--from-style)">x</p>';
  const scripts = { has: () => false, mentionsVar: (name: string) => name === '--from-script' };

  it('leave out the variables and @property rules nothing on the page reads', () => {
    const css = sheet(pageTokens(html), scripts, html);
    for (const kept of [
      '--color-ink:',
      '--font-body:',
      '--font-sans:',
      '--from-style:',
      '--from-script:',
      '--tw-shadow:0',
      '@property --tw-shadow',
    ])
      expect(css, kept).toContain(kept);
    for (const dropped of ['--color-unused', '--tw-unused', '--chained', '.absent'])
      expect(css, dropped).not.toContain(dropped);
  });

  it('keep every variable where the scripts are unknown (React apps get the full sheet later)', () => {
    const css = sheet(pageTokens(html), undefined, html);
    for (const kept of ['--color-unused', '--tw-unused', '--chained:3px']) expect(css, kept).toContain(kept);
  });
});

describe('a whole site', () => {
  it('comes out the same when its pages are shared among threads', async () => {
    const site = await builtSite({ 'site.css': SHEET, 'app.js': 'el.className="drawer-open";' });
    // Pages that differ in markup and scripts, so a mixed-up page would show.
    for (let i = 0; i < 7; i++) {
      await mkdir(join(site, `p${i}`));
      const page = PAGE.replace(
        '<h1>Title</h1>',
        `<h1 class="${i % 2 ? 'hidden' : 'x'}">Page ${i}</h1>`,
      ).replace('</body>', i % 3 ? '<script type="module" src="/_astro/app.js"></script></body>' : '</body>');
      await writeFile(join(site, `p${i}`, 'index.html'), page);
    }
    const one = await mkdtemp(join(tmpdir(), 'critical-one-'));
    const two = await mkdtemp(join(tmpdir(), 'critical-two-'));
    await cp(site, one, { recursive: true });
    await cp(site, two, { recursive: true });
    const alone = await inlineCriticalCss(one, { threads: 1 });
    const shared = await inlineCriticalCss(two, { threads: 2 });
    expect({ ...alone, policy: undefined }).toEqual({ pages: 7, threads: 1, policy: undefined });
    expect({ ...shared, policy: undefined }).toEqual({ pages: 7, threads: 2, policy: undefined });
    expect(shared.policy).toEqual(alone.policy);
    expect(alone.policy.pages).toBe(7);
    for (const dir of await readdir(site)) {
      if (!dir.startsWith('p')) continue;
      const [a, b] = await Promise.all([one, two].map((d) => readFile(join(d, dir, 'index.html'), 'utf8')));
      expect(a).toContain('<style>');
      expect(b, dir).toBe(a);
    }
  });
});

describe('script graph', () => {
  it("holds the words of a page's modules and everything they import, now or on demand", async () => {
    const dir = await builtSite({
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a script's text, with a template literal in it
      'a.js': 'import{x}from"./b.js";const f=()=>import("./c.js");el.className=`toast ${x}`;',
      'b.js': 'export const x="toast-ok";',
      'c.js':
        'el.innerHTML="<div class=\\"drawer-panel flex\\">";el.classList.add(\'is-open\');el.style.setProperty("--drawer-width","2rem");',
      'd.js': 'el.className="never-loaded";',
    });
    const graph = scriptGraph(dir);
    const tokens = await graph.tokensFor(['/_astro/a.js'], ['import "/_astro/d.js"; x.id="inline-id";']);
    for (const word of ['toast', 'toast-ok', 'drawer-panel', 'flex', 'is-open', 'never-loaded', 'inline-id'])
      expect(tokens.has(word), word).toBe(true);
    expect(tokens.mentionsVar?.('--drawer-width')).toBe(true);
    expect(tokens.mentionsVar?.('--other')).toBe(false);
    const without = await graph.tokensFor(['/_astro/a.js']);
    expect(without.has('never-loaded')).toBe(false);
    expect(without.has('missing')).toBe(false);
  });
});

describe('page tokens', () => {
  it('reads classes (entities decoded), ids, tags and attribute names, templates included', () => {
    const t = pageTokens(PAGE);
    expect(t.classes.has('[&>svg]:size-4')).toBe(true);
    expect(t.classes.has('md:hidden')).toBe(true);
    expect(t.ids.has('cart-count')).toBe(true);
    expect(t.tags.has('svg')).toBe(true);
    expect(t.attributes.has('data-astro-cid-q1')).toBe(true);
    expect(t.classes.has('drawer-open')).toBe(false);
  });
});

describe('selector requirements', () => {
  it.each([
    ['.md\\:flex', { classes: ['md:flex'] }],
    ['.\\32 xl\\:p-4', { classes: ['2xl:p-4'] }],
    ['.hover\\:underline:hover', { classes: ['hover:underline'] }],
    ['.group-hover\\:x:is(:where(.group):hover *)', { classes: ['group-hover:x', 'group'] }],
    ['button:not(:disabled,.off)', { tags: ['button'] }],
    ['.sr-only:not(.keep)', { classes: ['sr-only'] }],
    ['.x:is(.y,.z)', { classes: ['x'] }],
    ['.list>li:nth-child(2n+1)', { classes: ['list'], tags: ['li'] }],
    ['input:where([type=checkbox])', { tags: ['input'], attributes: ['type'] }],
    ['#cart-count', { ids: ['cart-count'] }],
    ['*,::before', {}],
    [':root', {}],
    ['[data-astro-cid-q1] a[href^="http"]', { tags: ['a'], attributes: ['data-astro-cid-q1', 'href'] }],
  ])('%s', (selector, expected) => {
    expect(requiredTokens(selector)).toEqual({ classes: [], ids: [], tags: [], attributes: [], ...expected });
  });
});

describe('pages that hold the same', () => {
  /** Scripts whose words are what their sources and inline code name (so both matter). */
  const scriptsFor = async (sources: string[], inline: string[]) => ({
    has: (token: string) => [...sources, ...inline].some((text) => text.includes(token)),
    mentionsVar: (name: string) => inline.some((text) => text.includes(name)),
  });
  const SCRIPTED = PAGE.replace(
    '</body>',
    '<script type="module" src="/_astro/page.js"></script><script type="module">x</script></body>',
  ).replace('<h1>', '<h1 style="color:red">');
  // Each differs from SCRIPTED in one thing the critical CSS depends on.
  const variants: Record<string, string> = {
    same: SCRIPTED,
    'same again': SCRIPTED.replace('Title</h1>', 'Another title</h1>'),
    class: SCRIPTED.replace('class="list"', 'class="list hidden"'),
    id: SCRIPTED.replace('id="cart-count"', 'id="cart-total"'),
    tag: SCRIPTED.replace('<svg></svg>', '<i></i>'),
    attribute: SCRIPTED.replace('<li data-astro-cid-a1>', '<li>'),
    'inline style': SCRIPTED.replace('color:red', 'color:var(--color-ink)'),
    'module source': SCRIPTED.replace('/_astro/page.js', '/_astro/drawer-open.js'),
    'inline module': SCRIPTED.replace('type="module">x<', 'type="module">animate-pulse<'),
    'React app': SCRIPTED.replace('<main', '<astro-island></astro-island><main'),
  };

  it('get the critical CSS each would get alone, computed once for each distinct page', async () => {
    const memo = new Map<string, string>();
    const alone: Record<string, string> = {};
    for (const [name, html] of Object.entries(variants)) {
      alone[name] = await inlinePage(html, { sheetFor, scriptsFor, loader: MODULE_LOADER });
      expect(await inlinePage(html, { sheetFor, scriptsFor, loader: MODULE_LOADER, memo }), name).toBe(
        alone[name],
      );
    }
    // Every variant but the repeat changes the inlined rules, so none may borrow another's.
    const styles = new Set(Object.values(alone).map((html) => html.match(/<style>[\s\S]*?<\/style>/)?.[0]));
    expect(styles.size).toBe(Object.keys(variants).length - 1);
    expect(memo.size).toBe(Object.keys(variants).length - 1);
  });
});
