import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sitemap, { type SitemapItem } from '@astrojs/sitemap';
import { describe, expect, it } from 'vitest';
import { i18nAlternates } from './sitemap-alternates.ts';

const site = 'https://chosenones.example';

/** Built pages as Astro hands them to the integration (directory format, unsorted). */
const pathnames = [
  '',
  'en/',
  'de/',
  'blog/',
  'de/blog/',
  'en/blog/',
  'product/mok-10/',
  'product/mok-2/',
  'en/product/mok-2/',
  'de/product/mok-10/',
  'en/product/mok-10/',
  'de/product/mok-2/',
  'shop/page/2/',
  'shop/page/10/',
  'en/shop/page/10/',
  'only-dutch/',
  'en/only-english/',
  'retourbeleid/',
  'en/refund-policy/',
  'de/r%C3%BCckgaberecht/',
  'endless/',
  'deutsch/',
  // Where byte order and the integration's collation differ (capitals sort among their letter).
  'Zomer/',
  'de/Zomer/',
  'en/Zomer/',
];

/** What @astrojs/sitemap's own `i18n` option gives each entry as its alternates. */
async function integrationLinks(): Promise<Map<string, SitemapItem['links']>> {
  const seen = new Map<string, SitemapItem['links']>();
  const integration = sitemap({
    i18n: { defaultLocale: 'nl', locales: { nl: 'nl', en: 'en', de: 'de' } },
    serialize: (item) => {
      seen.set(item.url, item.links);
      return item;
    },
  });
  const hooks = integration.hooks as Record<string, (options: unknown) => unknown>;
  const silent = { info() {}, warn() {}, error() {} };
  await hooks['astro:config:done']?.({
    config: { site, base: '/', trailingSlash: 'ignore', build: { format: 'directory' } },
  });
  await hooks['astro:routes:resolved']?.({ routes: [] });
  const dir = await mkdtemp(join(tmpdir(), 'sitemap-alternates-'));
  await hooks['astro:build:done']?.({
    dir: pathToFileURL(`${dir}/`),
    pages: pathnames.map((pathname) => ({ pathname })),
    logger: silent,
  });
  return seen;
}

describe('the sitemap alternates', () => {
  it('are what the integration’s i18n option gives every entry, in the same order', async () => {
    const expected = await integrationLinks();
    expect(expected.size).toBe(pathnames.length);
    const ours = i18nAlternates([...expected.keys()].reverse(), `${site}/`);
    for (const [url, links] of expected) expect(ours.get(url), url).toEqual(links);
    // The pairs the rule is about, written out: same path after the prefix, numeric order.
    expect(ours.get(`${site}/en/product/mok-2/`)?.map((l) => l.url)).toEqual([
      `${site}/de/product/mok-2/`,
      `${site}/en/product/mok-2/`,
      `${site}/product/mok-2/`,
    ]);
    expect(ours.get(`${site}/en/Zomer/`)?.map((l) => l.lang)).toEqual(['de', 'en', 'nl']);
    expect(ours.get(`${site}/only-dutch/`)).toBeUndefined();
  });
});
