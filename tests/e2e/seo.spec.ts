import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures.ts';

/*
 * Search-engine basics, checked on the build output the e2e server runs (E2E_DIST): the sitemap
 * against the pages' own canonical and hreflang links, and every JSON-LD block.
 */
const client = resolve(process.env.E2E_DIST ?? 'dist', 'client');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

/** The site path of a built page: client/en/blog/index.html -> /en/blog. */
function pagePath(file: string): string {
  const rel = file
    .slice(client.length)
    .replace(/\\/g, '/')
    .replace(/index\.html$/, '')
    .replace(/\.html$/, '');
  return rel === '/' ? '/' : rel.replace(/\/$/, '') || '/';
}

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** The canonical link, robots meta and hreflang alternates a page declares. */
function headOf(html: string) {
  const links = html.match(/<link [^>]*>/g) ?? [];
  const canonical = links.find((l) => /rel="canonical"/.test(l));
  const alternates: Record<string, string> = {};
  for (const l of links.filter((x) => /rel="alternate"/.test(x) && /hreflang=/.test(x))) {
    alternates[attr(l, 'hreflang') ?? ''] = decodeEntities(attr(l, 'href') ?? '');
  }
  return {
    canonical: canonical ? decodeEntities(attr(canonical, 'href') ?? '') : null,
    noindex: /<meta [^>]*name="robots"[^>]*content="[^"]*noindex/.test(html),
    alternates,
  };
}

type SitemapEntry = { loc: string; alternates: Record<string, string> };

function readSitemap(): SitemapEntry[] {
  const index = readFileSync(join(client, 'sitemap-index.xml'), 'utf8');
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
  expect(files.length).toBeGreaterThan(0);
  return files.flatMap((f) => {
    const xml = readFileSync(join(client, f), 'utf8');
    return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => {
      const body = m[1] ?? '';
      const alternates: Record<string, string> = {};
      for (const link of body.match(/<xhtml:link [^>]*\/>/g) ?? []) {
        alternates[attr(link, 'hreflang') ?? ''] = decodeEntities(attr(link, 'href') ?? '');
      }
      return { loc: decodeEntities(/<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? ''), alternates };
    });
  });
}

/** A page address for comparisons: decoded, without a trailing slash (except the root). */
const norm = (url: string) => decodeURIComponent(new URL(url).pathname).replace(/(.)\/$/, '$1');

test.describe('sitemap', () => {
  test.skip(!existsSync(join(client, 'sitemap-index.xml')), `no build output in ${client}`);

  test('lists every indexable page once, with the alternates the page declares', () => {
    const entries = readSitemap();
    const byPath = new Map(entries.map((e) => [norm(e.loc), e]));
    expect(byPath.size).toBe(entries.length);

    const pages = htmlFiles(client).filter((f) => !f.includes('/the-direct-path/'));
    let listed = 0;
    for (const file of pages) {
      const path = pagePath(file);
      const head = headOf(readFileSync(file, 'utf8'));
      const indexable = !head.noindex && head.canonical !== null && norm(head.canonical) === path;
      const entry = byPath.get(path);
      expect(Boolean(entry), `${path}: indexable=${indexable}, in sitemap=${Boolean(entry)}`).toBe(indexable);
      if (!entry || !indexable) continue;
      listed++;
      expect(entry.loc, path).toBe(head.canonical);
      expect(entry.alternates, `${path} alternates`).toEqual(head.alternates);
      for (const lang of ['nl', 'en', 'de', 'x-default'])
        expect(entry.alternates[lang], `${path} ${lang}`).toBeTruthy();
      for (const alt of Object.values(entry.alternates))
        expect(byPath.has(norm(alt)), `${path} -> ${alt}`).toBe(true);
    }
    // Every sitemap entry is a built page (on-demand pages are not listed).
    expect(listed).toBe(entries.length);
  });

  test('includes the pages of this work in all three languages', () => {
    const paths = new Set(readSitemap().map((e) => norm(e.loc)));
    for (const p of [
      '/',
      '/blog',
      '/ego-to-eden',
      '/eenheid-gezien-door-het-enkele-oog',
      '/blog/ego-to-eden/de-stem-in-je-hoofd',
      '/blog/eenheid-gezien-door-het-enkele-oog/een-adem-een-leven',
    ]) {
      for (const prefix of ['', '/en', '/de'])
        expect(paths.has(p === '/' ? prefix || '/' : `${prefix}${p}`), prefix + p).toBe(true);
    }
    for (const p of [
      '/privacybeleid',
      '/en/privacy-policy',
      '/de/datenschutz',
      '/de/rückgaberecht',
      '/retourbeleid',
    ]) {
      expect(paths.has(p), p).toBe(true);
    }
    for (const p of ['/unity', '/en/unity', '/privacy-policy', '/cart']) expect(paths.has(p), p).toBe(false);
  });
});

test('robots.txt allows crawling and names the sitemap', async ({ request, baseURL }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap-index\.xml$/m);
  expect(baseURL).toBeTruthy();
});

type Block = Record<string, unknown>;

/** Fields search engines need per type (Google's required and recommended basics). */
function problems(block: Block): string[] {
  const out: string[] = [];
  const need = (cond: unknown, what: string) => {
    if (!cond) out.push(what);
  };
  need(block['@context'] === 'https://schema.org', '@context');
  const type = block['@type'];
  if (type === 'Organization') {
    need(block.name, 'name');
    need(typeof block.url === 'string' && /^https?:/.test(block.url), 'absolute url');
    need(block.logo, 'logo');
  } else if (type === 'BlogPosting') {
    need(block.headline, 'headline');
    need(!Number.isNaN(Date.parse(String(block.datePublished))), 'datePublished');
    need((block.author as Block | undefined)?.name, 'author.name');
    need(Array.isArray(block.image) && (block.image as string[]).every((i) => /^https?:/.test(i)), 'image');
    need((block.publisher as Block | undefined)?.name, 'publisher.name');
    need(block.mainEntityOfPage, 'mainEntityOfPage');
  } else if (type === 'Product') {
    need(block.name, 'name');
    const offers = (Array.isArray(block.offers) ? block.offers : [block.offers]) as Block[];
    need(offers.length > 0 && offers[0], 'offers');
    for (const o of offers.filter(Boolean)) {
      need(/^\d+(\.\d+)?$/.test(String(o.price)), 'offers.price');
      need(/^[A-Z]{3}$/.test(String(o.priceCurrency)), 'offers.priceCurrency');
      need(String(o.availability).startsWith('https://schema.org/'), 'offers.availability');
    }
  } else {
    out.push(`unexpected @type ${String(type)}`);
  }
  return out;
}

test('every JSON-LD block parses and has the required fields', () => {
  test.skip(!existsSync(client), `no build output in ${client}`);
  const types = new Map<string, string[]>();
  for (const file of htmlFiles(client)) {
    const path = pagePath(file);
    const html = readFileSync(file, 'utf8');
    for (const m of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      let block: Block;
      try {
        block = JSON.parse(m[1] ?? '') as Block;
      } catch (error) {
        throw new Error(`${path}: JSON-LD does not parse: ${String(error)}`);
      }
      expect(problems(block), `${path} ${String(block['@type'])}`).toEqual([]);
      types.set(path, [...(types.get(path) ?? []), String(block['@type'])]);
    }
  }
  for (const home of ['/', '/en', '/de']) expect(types.get(home), home).toContain('Organization');
  for (const prefix of ['', '/en', '/de']) {
    expect(types.get(`${prefix}/blog/ego-to-eden/de-stem-in-je-hoofd`), prefix).toEqual(['BlogPosting']);
    expect(types.get(`${prefix}/product/chosen-ones-hoodie`), prefix).toEqual(['Product']);
  }
});
