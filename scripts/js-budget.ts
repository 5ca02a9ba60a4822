import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import { Parser } from 'htmlparser2';

/** Budgets in gzipped bytes, first matching rule wins; `null` means "reported, not enforced". */
export const budgetRules: Array<{ pattern: RegExp; budget: number | null; label: string }> = [
  { pattern: /^\/(?:en\/|de\/)?cart\/?$/, budget: 80_000, label: 'cart' },
  {
    pattern: /^\/(?:en\/|de\/)?(?:shop|product|products)(?:\/|$)/,
    budget: 35_000,
    label: 'shop, collection, product',
  },
  {
    pattern: /^\/(?:en\/|de\/)?(?:community|messages|profile|user|friends)(?:\/|$)/,
    budget: 140_000,
    label: 'community, profile, friends, messages',
  },
  { pattern: /^\/(?:en\/|de\/)?timeline-alchemy(?:\/|$)/, budget: 180_000, label: 'Timeline Alchemy' },
  {
    pattern: /^\/(?:en\/|de\/)?newsletter\/admin(?:\/|$)/,
    budget: 140_000,
    label: 'newsletter admin (React + supabase-js)',
  },
  {
    pattern: /^\/(?:en\/|de\/)?(?:auth|checkout)(?:\/|$)/,
    budget: null,
    label: 'sign-in and checkout pages',
  },
  { pattern: /.*/, budget: 15_000, label: 'content' },
];

export function budgetFor(pagePath: string) {
  return budgetRules.find((rule) => rule.pattern.test(pagePath)) ?? { budget: 15_000, label: 'content' };
}

type Found = { external: string[]; inline: string[] };

/**
 * The JavaScript a page loads before any interaction: module and classic scripts in the HTML,
 * modulepreloads, and the component and renderer of islands hydrated on load or idle. Islands on
 * `visible`/`media` and anything imported dynamically load later, so they do not count.
 */
export function findEagerScripts(html: string): Found {
  const found: Found = { external: [], inline: [] };
  let inScript: { collect: boolean } | null = null;
  let buffer = '';
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'script') {
          const type = (attrs.type ?? '').toLowerCase();
          const isJs = type === '' || type === 'module' || type.includes('javascript');
          if (isJs && attrs.src) found.external.push(attrs.src);
          inScript = { collect: isJs && !attrs.src };
          buffer = '';
        } else if (name === 'link' && attrs.rel === 'modulepreload' && attrs.href) {
          found.external.push(attrs.href);
        } else if (name === 'astro-island') {
          const client = attrs.client ?? '';
          if (client === 'load' || client === 'idle' || client === 'only') {
            if (attrs['component-url']) found.external.push(attrs['component-url']);
            if (attrs['renderer-url']) found.external.push(attrs['renderer-url']);
          }
        }
      },
      ontext(text) {
        if (inScript?.collect) buffer += text;
      },
      onclosetag(name) {
        if (name === 'script' && inScript) {
          if (inScript.collect && buffer.trim()) found.inline.push(buffer);
          inScript = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

function staticImports(code: string): string[] {
  try {
    const [imports] = parse(code);
    // Static imports and re-exports load with the module; dynamic ones load on demand.
    const out: string[] = [];
    for (const i of imports) {
      if (i.type === 'static' && typeof i.specifier === 'string') out.push(i.specifier);
    }
    return out;
  } catch {
    return [];
  }
}

export type PageReport = {
  page: string;
  bytes: number;
  files: string[];
  budget: number | null;
  label: string;
};

/** Measures one page: gzipped bytes of every eager script and its static import graph. */
export async function measurePage(page: string, html: string, clientDir: string): Promise<PageReport> {
  await init;
  const found = findEagerScripts(html);
  const seen = new Set<string>();
  let bytes = 0;
  const visit = (url: string, from: string) => {
    if (/^(?:https?:)?\/\//.test(url)) return;
    const abs = url.startsWith('/') ? url : posix.join(posix.dirname(from), url);
    const clean = abs.split(/[?#]/)[0] as string;
    if (seen.has(clean)) return;
    seen.add(clean);
    const file = join(clientDir, clean);
    if (!existsSync(file)) return;
    const code = readFileSync(file);
    bytes += gzipSync(code, { level: 9 }).byteLength;
    for (const next of staticImports(code.toString('utf8'))) visit(next, clean);
  };
  for (const src of found.external) visit(src, page);
  for (const code of found.inline) {
    bytes += gzipSync(code, { level: 9 }).byteLength;
    for (const next of staticImports(code)) visit(next, page);
  }
  const { budget, label } = budgetFor(page);
  return { page, bytes, files: [...seen], budget, label };
}

/** Maps a built HTML file to the address it is served at. */
export function pageAddress(clientDir: string, file: string): string {
  const rel = `/${posix.normalize(
    file
      .slice(resolve(clientDir).length + 1)
      .split('\\')
      .join('/'),
  )}`;
  if (rel.endsWith('/index.html')) return rel.slice(0, -'index.html'.length);
  return rel.replace(/\.html$/, '');
}

export { dirname };
