import Beasties from 'beasties';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { compileSheet, inlinePage, pageTokens } from './critical-css.ts';
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

async function ours(html: string, css = SHEET) {
  const sheet = compileSheet(css);
  return inlinePage(html, async (href) => (href === '/_astro/site.css' ? sheet : undefined));
}

describe('critical CSS', () => {
  it('keeps every rule a DOM matcher (beasties) keeps for the page', async () => {
    const { mkdtemp, mkdir, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'critical-'));
    await mkdir(join(dir, '_astro'));
    await writeFile(join(dir, '_astro/site.css'), SHEET);
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
      `</style><link rel="stylesheet" href="/_astro/site.css" media="print" onload="this.media='all'"><noscript><link rel="stylesheet" href="/_astro/site.css"></noscript></head>`,
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
