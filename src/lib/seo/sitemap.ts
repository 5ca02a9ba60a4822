/**
 * The sitemap: @astrojs/sitemap with hreflang alternates, plus two rules of ours.
 * 1. A page is listed only when it declares itself indexable and canonical: its built HTML has no
 *    `noindex` and its canonical link is its own address. So /unity (canonical on the long blog
 *    address), the 404 page and signed-in shells leave the sitemap without a list to maintain.
 * 2. Alternates come from the same facts the pages use: shop policies have per-language names
 *    (src/i18n/routes.ts), which the integration's prefix matching cannot pair, and every entry
 *    gets the x-default alternate the pages declare (the Dutch page).
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import sitemap, { type SitemapItem } from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';
import { type Locale, locales } from '../../i18n/locales.ts';
import { policyPaths } from '../../i18n/routes.ts';
import { type Alternate, i18nAlternates } from './sitemap-alternates.ts';

/** Bytes read at a time: the head of most pages (~40 KB, with the inlined critical CSS) in one. */
const CHUNK = 64 * 1024;
const HEAD_END = '</head>';

/** One read buffer for every page (a fresh 64 KB buffer per page cost ~40 s of a loaded build). */
const scratch = Buffer.allocUnsafe(CHUNK);

/**
 * The file's text up to and including `</head>` (all of it when there is none): where a page
 * declares robots and canonical. The body, about half of every page, is not read (~2 s of a
 * 2,000-product build's 12,600 pages). Most heads fit the first read; longer ones grow a copy.
 */
export function readHead(file: URL | string): string {
  const fd = openSync(file, 'r');
  try {
    let n = readSync(fd, scratch, 0, CHUNK, 0);
    let end = scratch.subarray(0, n).indexOf(HEAD_END, 0, 'latin1');
    if (end >= 0) return scratch.toString('utf8', 0, end + HEAD_END.length);
    if (n < CHUNK) return scratch.toString('utf8', 0, n);
    const parts = [Buffer.from(scratch.subarray(0, n))];
    let length = n;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      n = readSync(fd, chunk, 0, CHUNK, length);
      const from = Math.max(0, length - HEAD_END.length);
      parts.push(chunk.subarray(0, n));
      length += n;
      const bytes = Buffer.concat(parts, length);
      end = bytes.indexOf(HEAD_END, from, 'latin1');
      if (end >= 0) return bytes.toString('utf8', 0, end + HEAD_END.length);
      if (n === 0) return bytes.toString('utf8');
    }
  } finally {
    closeSync(fd);
  }
}

/** The head of the built HTML of a page address, or null (on-demand pages have none). */
function builtHead(dir: URL, url: string): string | null {
  const path = decodeURIComponent(new URL(url).pathname).replace(/^\//, '');
  const candidates = [
    `${path}${path && !path.endsWith('/') ? '/' : ''}index.html`,
    `${path.replace(/\/$/, '')}.html`,
  ];
  for (const candidate of candidates) {
    const file = new URL(candidate, dir);
    if (existsSync(file)) return readHead(file);
  }
  return null;
}

/** True when the built page (its head is enough) may be listed: indexable and canonical to itself. */
export function isListable(html: string | null, url: string): boolean {
  if (!html) return true;
  if (/<meta[^>]+name="robots"[^>]+content="[^"]*noindex/i.test(html)) return false;
  const canonical = /<link[^>]+rel="canonical"[^>]+href="([^"]+)"/i.exec(html)?.[1];
  if (!canonical) return true;
  const strip = (u: string) => decodeURIComponent(new URL(u).pathname).replace(/\/$/, '') || '/';
  return strip(canonical) === strip(url);
}

/** hreflang alternates of a policy page, or undefined for other pages. */
export function policyAlternates(url: string, site: string): { url: string; lang: string }[] | undefined {
  const path = decodeURIComponent(new URL(url).pathname).replace(/\/$/, '') || '/';
  for (const byLang of Object.values(policyPaths)) {
    if ((Object.values(byLang) as string[]).includes(path)) {
      return locales.map((lang: Locale) => ({ lang, url: new URL(byLang[lang], site).href }));
    }
  }
  return undefined;
}

/**
 * The address in the form the pages' canonical links use (localizePath): no trailing slash,
 * except the roots '/', '/en/' and '/de/'. The integration lists directories with a slash.
 */
export function canonicalForm(url: string): string {
  const u = new URL(url);
  if (u.pathname !== '/' && !/^\/(en|de)\/$/.test(u.pathname)) u.pathname = u.pathname.replace(/\/+$/, '');
  return u.href;
}

/** Adds the x-default alternate (the Dutch page) to a list of alternates. */
function withXDefault(links: { url: string; lang: string }[]): { url: string; lang: string }[] {
  const nl = links.find((l) => l.lang === 'nl');
  return nl ? [...links, { lang: 'x-default', url: nl.url }] : links;
}

/**
 * The sitemap integrations, in order: one that notes the output folder, then @astrojs/sitemap.
 * The alternates of the same page in the other languages come from sitemap-alternates.ts (what
 * the integration's `i18n` option gives, without its pairwise comparison of every page).
 */
export function seoSitemap(site: string): AstroIntegration[] {
  let dir: URL | undefined;
  /** The addresses the filter let through this build, and their alternates once asked for. */
  let listed: string[] = [];
  let alternates: Map<string, Alternate[]> | undefined;
  const recorder: AstroIntegration = {
    name: 'chosen-ones:sitemap-output',
    hooks: {
      'astro:build:done': ({ dir: outDir }) => {
        dir = outDir;
        listed = [];
        alternates = undefined;
      },
    },
  };
  const base = new URL('/', site).href;
  return [
    recorder,
    sitemap({
      filter: (url) => {
        const keep = !dir || isListable(builtHead(dir, url), url);
        if (keep) listed.push(url);
        return keep;
      },
      serialize: (item: SitemapItem) => {
        alternates ??= i18nAlternates(listed, base);
        const url = canonicalForm(item.url);
        const links = (policyAlternates(url, site) ?? alternates.get(item.url))?.map((l) => ({
          ...l,
          url: canonicalForm(l.url),
        }));
        return links?.length ? { ...item, url, links: withXDefault(links) } : { ...item, url };
      },
    }),
  ];
}
