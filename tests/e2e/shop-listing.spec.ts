import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { shopMessages } from '../../src/i18n/messages/shop.ts';
import { fixtureCatalog } from '../../src/lib/storefront/local/fixtures.ts';
import { largeCatalog } from '../../src/lib/storefront/local/generate-catalog.ts';
import { checkA11y, expect, test } from './fixtures.ts';

type Lang = 'nl' | 'en' | 'de';
const prefix = (lang: Lang) => (lang === 'nl' ? '' : `/${lang}`);
const title = (handle: string, lang: Lang) =>
  fixtureCatalog.products.find((p) => p.handle === handle)?.title[lang] ?? handle;
const sizeName = { nl: 'Maat', en: 'Size', de: 'Größe' } as const;
const collectionTitle = { nl: 'Alle kleding', en: 'All clothing', de: 'Alle Kleidung' } as const;

const cardTitles = (page: Page) => page.locator('[data-listing-grid-wrap] li h3 a').allTextContents();

for (const lang of ['nl', 'en', 'de'] as const) {
  test(`${lang}: filter a collection by size, sort by price, share the URL, reload, go back`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const t = shopMessages[lang];
    await page.goto(`${prefix(lang)}/shop/collection/alle-kleding`);
    await expect(page.getByRole('heading', { level: 1, name: collectionTitle[lang] })).toBeVisible();
    const status = page.locator('[data-listing-status]');
    await expect(status).toContainText(t['listing.results.other'].replace('{count}', '5'));

    // Sort first (one change = one fetch), then the size from the filter panel.
    await page.getByLabel(t['listing.sort.label']).selectOption(t['listing.sort.price-desc']);
    await expect(page).toHaveURL(/[?&]sort=price-desc/);
    await page.getByText(t['listing.filters.title'], { exact: true }).click();
    // Product types are the store's (English) names, shown in the page's language.
    await expect(
      page
        .getByRole('group', { name: t['listing.filter.productType'] })
        .getByRole('checkbox', { name: new RegExp(`^${t['listing.productType.pants']}`) }),
    ).toBeVisible();
    const xl = page.getByRole('group', { name: sizeName[lang] }).getByRole('checkbox', { name: /^XL/ });
    await xl.check();
    // The same address in every language: the option and its value by their handles.
    await expect(page).toHaveURL(/filter\.v\.option\.size=xl/);
    const expected = ['chosen-ones-hoodie', 'lichtwerker-joggingbroek', 'eenheid-t-shirt'].map((h) =>
      title(h, lang),
    );
    await expect.poll(() => cardTitles(page)).toEqual(expected);
    // The live region tells the new count.
    await expect(status).toHaveText(t['listing.results.other'].replace('{count}', '3'));
    await expect(status).toHaveAttribute('aria-live', 'polite');
    // Cards drawn in the browser keep quick add, for their own product.
    const firstCard = page.locator('[data-listing-grid-wrap] li').first();
    await expect(firstCard.locator('button[data-quick-add]')).toHaveAttribute(
      'data-handle',
      'chosen-ones-hoodie',
    );
    await expect(firstCard.locator('button[data-quick-add]')).toHaveAccessibleName(
      new RegExp(expected[0] as string),
    );
    await checkA11y(page);

    // A shared link (a fresh tab) and a reload show the same.
    const shared = page.url();
    const other = await context.newPage();
    await other.goto(shared);
    await expect.poll(() => cardTitles(other)).toEqual(expected);
    await expect(other.getByLabel(t['listing.sort.label'])).toHaveValue('price-desc');
    await expect(other.getByRole('checkbox', { name: /^XL/ })).toBeChecked();
    await other.close();
    await page.reload();
    await expect.poll(() => cardTitles(page)).toEqual(expected);

    // Back: the sort alone again (five products, dearest first); back again: the pre-rendered page.
    await page.goBack();
    await expect(page).not.toHaveURL(/option/);
    await expect.poll(() => cardTitles(page)).toHaveLength(5);
    expect((await cardTitles(page))[0]).toBe(title('trinity-jack', lang));
    await page.goBack();
    await expect(page).not.toHaveURL(/\?/);
    await expect
      .poll(() => cardTitles(page))
      .toEqual(
        fixtureCatalog.collections
          .find((c) => c.handle === 'alle-kleding')
          ?.products.map((h) => title(h, lang)),
      );
  });
}

test('keyboard: the filters work without a mouse and focus lands on the results', async ({ page }) => {
  const t = shopMessages.en;
  await page.goto('/en/shop');
  const summary = page.locator('summary').filter({ hasText: t['listing.filters.title'] });
  await summary.focus();
  await page.keyboard.press('Enter');
  const inStock = page.getByRole('checkbox', { name: new RegExp(`^${t['listing.filter.inStock']}`) });
  await inStock.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/filter\.v\.availability=1/);
  await expect(page.locator('[data-listing-status]')).toHaveText(
    t['listing.results.other'].replace('{count}', '15'),
  );
  // Focus stays on the box while choosing; "Show products" moves it to the results.
  await expect(inStock).toBeFocused();
  await page.getByRole('button', { name: t['listing.filters.apply'] }).press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: t['listing.heading'] })).toBeFocused();
});

test('a bad listing request is a JSON 400, never a 500', async ({ request, baseURL }) => {
  const bad = await request.get('/api/shop/products?lang=xx&collection=alle-kleding');
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.code).toBe('invalid_query');
  const missing = await request.get('/api/shop/products?lang=en&collection=no-such-collection');
  expect(missing.status()).toBe(404);
  // Another method from this site's own origin (Astro refuses cross-site ones before us): JSON 405.
  const put = await request.put('/api/shop/products?lang=en&collection=all', {
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(put.status()).toBe(405);
  expect((await put.json()).error.code).toBe('method_not_allowed');
});

/*
 * Page 2 needs more than 24 products in a collection: the fixtures have 16 in all, so these tests
 * build the site once more with a generated 80-product catalog (25 in "All clothing") and serve it
 * on a port of their own.
 */
test.describe('page 2 of a collection (generated 80-product catalog)', () => {
  test.describe.configure({ mode: 'serial' });
  const port = Number(process.env.LISTING_E2E_PORT ?? Number(process.env.E2E_PORT ?? 4329) + 1);
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(900_000);
    const work = resolve('node_modules/.cache/listing-e2e');
    mkdirSync(work, { recursive: true });
    const catalog = join(work, 'catalog-80.json');
    writeFileSync(catalog, JSON.stringify(largeCatalog(80)));
    const outDir = join(work, 'dist');
    const build = spawnSync(
      process.execPath,
      [resolve('node_modules/.bin/astro'), 'build', '--outDir', outDir],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, ADAPTER: 'node', LOCAL_CATALOG_FILE: catalog },
      },
    );
    expect(build.status, 'the 80-product build').toBe(0);
    server = spawn(process.execPath, [join(outDir, 'server', 'entry.mjs')], {
      stdio: 'ignore',
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOCAL_CATALOG_FILE: catalog },
    });
    await expect
      .poll(async () => (await fetch(`${base}/`).catch(() => null))?.status ?? 0, { timeout: 30_000 })
      .toBe(200);
  });
  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  for (const lang of ['nl', 'en', 'de'] as const) {
    test(`${lang}: page 2 of a collection is its own page with prev/next and a canonical`, async ({
      page,
    }) => {
      const t = shopMessages[lang];
      const first = `${prefix(lang)}/shop/collection/alle-kleding`;
      const second = `${first}/page/2`;
      await page.goto(`${base}${first}`);
      await expect(page.locator('link[rel=next]')).toHaveAttribute('href', second);
      const onFirst = await cardTitles(page);
      expect(onFirst).toHaveLength(24);
      await page.getByRole('link', { name: t['listing.pager.next'] }).click();
      await expect(page).toHaveURL(`${base}${second}`);
      await expect(page.getByRole('heading', { level: 1, name: collectionTitle[lang] })).toBeVisible();
      const onSecond = await cardTitles(page);
      expect(onSecond.length).toBeGreaterThan(0);
      expect(onSecond.filter((x) => onFirst.includes(x))).toEqual([]);
      await expect(page.locator('link[rel=prev]')).toHaveAttribute('href', first);
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`${second}$`));
      await expect(page).toHaveTitle(
        new RegExp(t['listing.pager.title'].replace('{title}', collectionTitle[lang]).replace('{page}', '2')),
      );
      await expect(
        page.getByRole('link', {
          name: t['listing.pager.status'].replace('{page}', '2').replace('{pages}', '2'),
        }),
      ).toHaveAttribute('aria-current', 'page');
      if (lang === 'en') await checkA11y(page);
      await page.getByRole('link', { name: t['listing.pager.previous'] }).click();
      await expect(page).toHaveURL(`${base}${first}`);
    });
  }

  test('the sitemap lists the pages', async ({ request }) => {
    const index = await request.get(`${base}/sitemap-0.xml`);
    const xml = await index.text();
    for (const path of ['/shop/page/2', '/en/shop/page/2', '/de/shop/collection/alle-kleding/page/2'])
      expect(xml).toContain(`${path}</loc>`);
  });
});
