import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import postcss, { type AtRule, type ChildNode, type Container, type Root } from 'postcss';
import { requiredTokens, type Tokens } from './selector-tokens.ts';

/*
 * No render-blocking request on the first screen: after the build, each page gets the rules of
 * the one stylesheet that its own HTML can use inlined in <head>, and the whole stylesheet loads
 * without blocking (media swap, with a <noscript> link for browsers without JavaScript). Content
 * that scripts add later (drawer, toasts, placeholders) is styled by the full sheet by then.
 *
 * A rule is kept when every class, id, tag and attribute its selector needs occurs in the page
 * (pseudo-classes ignored, so :hover and :focus rules come along). That is a superset of what a
 * DOM matcher such as beasties keeps (critical-css.test.ts holds it to that), at a fraction of
 * its cost: the stylesheet is parsed once per build, a page costs one scan of its HTML. Beasties
 * took ~15 ms a page, 196 s of a 2,000-product build (12,640 pages).
 */

type Kept = (tokens: PageTokens) => string;
type PageTokens = { classes: Set<string>; ids: Set<string>; tags: Set<string>; attributes: Set<string> };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Every tag, attribute name, class and id the page's markup holds (templates included). */
export function pageTokens(html: string): PageTokens {
  const tokens: PageTokens = {
    classes: new Set(),
    ids: new Set(),
    tags: new Set(['html', 'head', 'body']),
    attributes: new Set(),
  };
  for (const [, tagName = '', attributes = ''] of html.matchAll(TAG)) {
    tokens.tags.add(tagName.toLowerCase());
    for (const attribute of attributes.matchAll(ATTRIBUTE)) {
      const name = (attribute[1] ?? '').toLowerCase();
      tokens.attributes.add(name);
      const value = attribute[2] ?? attribute[3] ?? attribute[4];
      if (value === undefined) continue;
      if (name === 'class') for (const c of decodeEntities(value).split(/\s+/)) c && tokens.classes.add(c);
      else if (name === 'id') tokens.ids.add(decodeEntities(value));
    }
  }
  return tokens;
}

function satisfied(need: Tokens, page: PageTokens): boolean {
  for (const c of need.classes) if (!page.classes.has(c)) return false;
  for (const id of need.ids) if (!page.ids.has(id)) return false;
  for (const tag of need.tags) if (!page.tags.has(tag)) return false;
  for (const a of need.attributes) if (!page.attributes.has(a)) return false;
  return true;
}

/** Rules that only matter where something else is kept, or that are always needed. */
const CONTAINERS = new Set(['media', 'supports', 'layer', 'container', 'scope', 'starting-style']);

/**
 * Compiles a stylesheet once into a function from a page's tokens to its critical CSS. Each rule's
 * selector list is kept whole when any of its selectors can match (like beasties, which keeps a
 * rule as written).
 */
export function compileSheet(css: string): Kept {
  const root: Root = postcss.parse(css);
  type Entry = { node: ChildNode; text: string; test?: Tokens[]; animates?: string[]; children?: Entry[] };
  // Keyframes are kept only when a kept rule animates with them, which is known at the end.
  type Part = string | { keyframes: string; text: string };

  function compile(container: Container): Entry[] {
    const entries: Entry[] = [];
    for (const node of container.nodes ?? []) {
      if (node.type === 'comment') continue;
      const text = node.toString();
      if (node.type === 'rule') {
        const animates = [...text.matchAll(/animation(?:-name)?\s*:\s*([^;}]+)/g)].flatMap((m) =>
          (m[1] ?? '').split(/[\s,]+/),
        );
        entries.push({ node, text, test: node.selectors.map(requiredTokens), animates });
      } else if (node.type === 'atrule' && CONTAINERS.has(node.name.toLowerCase()) && node.nodes)
        entries.push({ node, text, children: compile(node) });
      else entries.push({ node, text });
    }
    return entries;
  }
  const entries = compile(root);

  function emit(list: Entry[], page: PageTokens, out: Part[], animations: Set<string>): boolean {
    let any = false;
    for (const entry of list) {
      const { node } = entry;
      if (entry.test) {
        if (!entry.test.some((need) => satisfied(need, page))) continue;
        for (const name of entry.animates ?? []) animations.add(name);
        out.push(entry.text);
        any = true;
      } else if (entry.children) {
        const inner: Part[] = [];
        if (!emit(entry.children, page, inner, animations)) continue;
        const at = node as AtRule;
        out.push(`@${at.name}${at.params ? ` ${at.params}` : ''}{`, ...inner, '}');
        any = true;
      } else if (node.type === 'atrule' && /keyframes$/i.test(node.name)) {
        out.push({ keyframes: node.params.trim(), text: entry.text });
      } else if (node.type === 'atrule' && node.name.toLowerCase() === 'font-face') {
        // Fonts load with the full sheet (they never block text).
      } else {
        out.push(entry.text);
        any = true;
      }
    }
    return any;
  }

  return (page) => {
    const out: Part[] = [];
    const animations = new Set<string>();
    emit(entries, page, out, animations);
    return out
      .map((part) => (typeof part === 'string' ? part : animations.has(part.keyframes) ? part.text : ''))
      .join('');
  };
}

const STYLESHEET = /<link\b(?=[^>]*\brel=["']?stylesheet\b)(?![^>]*\bmedia=)[^>]*>/g;
const HREF = /\bhref=(?:"([^"]+)"|'([^']+)'|([^\s>]+))/;

/**
 * Inlines the critical rules of each same-origin stylesheet link in `html` before the link, and
 * turns the link into a non-blocking one. `sheetFor(href)` gives the compiled sheet, or
 * undefined to leave that link alone.
 */
export async function inlinePage(
  html: string,
  sheetFor: (href: string) => Promise<Kept | undefined>,
): Promise<string> {
  const links = [...html.matchAll(STYLESHEET)];
  if (links.length === 0) return html;
  const tokens = pageTokens(html);
  let result = '';
  let last = 0;
  for (const link of links) {
    const href = link[0].match(HREF);
    const url = href && (href[1] ?? href[2] ?? href[3]);
    const sheet = url ? await sheetFor(url) : undefined;
    if (!sheet) continue;
    const css = sheet(tokens);
    const tag = link[0];
    const lazy = tag.replace(/\s*\/?>$/, ` media="print" onload="this.media='all'">`);
    result += `${html.slice(last, link.index)}<style>${css}</style>${lazy}<noscript>${tag}</noscript>`;
    last = link.index + tag.length;
  }
  return result + html.slice(last);
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** Inlines critical CSS into every HTML file under `dir` (the static output); returns the count. */
export async function inlineCriticalCss(dir: string): Promise<number> {
  const sheets = new Map<string, Promise<Kept | undefined>>();
  const sheetFor = (href: string) => {
    if (!href.startsWith('/') || href.startsWith('//')) return Promise.resolve(undefined);
    let sheet = sheets.get(href);
    if (!sheet) {
      const file = join(dir, decodeURIComponent(href.split(/[?#]/)[0] ?? ''));
      sheet = readFile(file, 'utf8').then(compileSheet, () => undefined);
      sheets.set(href, sheet);
    }
    return sheet;
  };
  const files = await htmlFiles(dir);
  let count = 0;
  for (const file of files) {
    const html = await readFile(file, 'utf8');
    const out = await inlinePage(html, sheetFor);
    if (out !== html) {
      await writeFile(file, out);
      count++;
    }
  }
  return count;
}

/** The Astro integration: runs after every build, for both adapters. */
export function criticalCss(): AstroIntegration {
  return {
    name: 'critical-css',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const count = await inlineCriticalCss(fileURLToPath(dir));
        logger.info(`critical CSS inlined in ${count} pages (${Math.round(performance.now() - started)} ms)`);
      },
    },
  };
}
