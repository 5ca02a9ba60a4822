import type { Page } from '@playwright/test';
import { shopMessages } from '../../src/i18n/messages/shop.ts';
import { fixtureCatalog } from '../../src/lib/storefront/local/fixtures.ts';
import { expect, test } from './fixtures.ts';

/*
 * Shop leftovers of issue 24: filter links that mean the same in every language, a tap on
 * "Add to cart" before the scripts ran, and a header that never wraps on wide screens.
 */

type Lang = 'nl' | 'en' | 'de';
const prefix = (lang: Lang) => (lang === 'nl' ? '' : `/${lang}`);
/** The product handles of the listing's cards, whatever the language of their titles. */
const cardHandles = (page: Page) =>
  page
    .locator('[data-listing-grid-wrap] li h3 a')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname.split('/').pop()));
const black = fixtureCatalog.products
  .filter((p) => p.tags.includes('clothing') && p.variants.some((v) => v.options.includes('black')))
  .map((p) => p.handle);

test('de: a filtered English link shows the same products in German; the old form is rewritten', async ({
  page,
}) => {
  test.setTimeout(90_000);
  expect(black.length).toBeGreaterThan(1);
  const path = '/shop/collection/alle-kleding?filter.v.option.color=black';
  await page.goto(`${prefix('en')}${path}`);
  await expect.poll(() => cardHandles(page).then((h) => h.sort())).toEqual([...black].sort());
  const english = await cardHandles(page);

  await page.goto(`${prefix('de')}${path}`);
  await expect(page.locator('[data-listing-status]')).toHaveText(
    shopMessages.de['listing.results.other'].replace('{count}', String(black.length)),
  );
  expect(await cardHandles(page)).toEqual(english);
  // The German panel shows the English link's choice as its own "Schwarz".
  await expect(
    page.getByRole('group', { name: 'Farbe' }).getByRole('checkbox', { name: /^Schwarz/ }),
  ).toBeChecked();

  // A link in the old form, option and value named in English, opened in German.
  await page.goto(`${prefix('de')}/shop/collection/alle-kleding?filter.v.option.color=Black`);
  await expect(page).toHaveURL(/\?filter\.v\.option\.color=black$/);
  await expect.poll(() => cardHandles(page)).toEqual(english);
});

test('nl: "Add to cart" tapped before the scripts ran adds once they run, without a reload', async ({
  page,
}) => {
  test.setTimeout(60_000);
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Hold back every module script until the tap is done, as on a slow phone.
  await page.route(/\/_astro\/.*\.js(\?|$)/, async (route) => {
    await gate;
    await route.continue();
  });
  const mug = fixtureCatalog.products.find((p) => p.handle === 'eenheid-mok');
  // The fixture's goto waits for the page's modules; this test needs the page before them.
  const rawGoto = Object.getPrototypeOf(page).goto as Page['goto'];
  await rawGoto.call(page, '/product/eenheid-mok', { waitUntil: 'commit' });
  const add = page.locator('product-form [data-add]');
  await add.click();
  await page.waitForTimeout(500);
  expect(new URL(page.url()).search, 'the tap did not reload the page').toBe('');
  expect(await page.evaluate(() => document.documentElement.dataset.modules)).not.toBe('ready');
  release();
  await expect(page.locator('product-form [data-status]')).toHaveText(shopMessages.nl['product.added']);
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
  expect(cart).toEqual([
    expect.objectContaining({
      variantId: `gid://shopify/ProductVariant/${mug?.variants[0]?.id}`,
      quantity: 1,
    }),
  ]);
  expect(new URL(page.url()).search).toBe('');
});

test('en/nl/de: the logo text and the main navigation never wrap between 1024 and 1600 px', async ({
  page,
}) => {
  test.setTimeout(90_000);
  /** Line boxes of each element's text, and whether the header's row overflows. */
  const measure = () =>
    page.evaluate(() => {
      const lines = (el: Element) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return tops.size;
      };
      const header = document.querySelector('[data-site-header] > div') as HTMLElement;
      const logo = header.querySelector('a > span[aria-hidden="true"]') as HTMLElement;
      const links = [...header.querySelectorAll('#site-nav a')];
      return {
        logo: lines(logo),
        links: Object.fromEntries(links.map((a) => [a.textContent?.trim() ?? '', lines(a)])),
        overflow: header.scrollWidth - header.clientWidth,
      };
    });
  for (const lang of ['de', 'en', 'nl'] as const) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${prefix(lang)}/`);
    for (const width of [1024, 1100, 1280, 1440, 1480, 1500, 1520, 1550, 1600]) {
      await page.setViewportSize({ width, height: 900 });
      const m = await measure();
      const where = `${lang} at ${width}px`;
      expect(m.logo, `${where}: logo`).toBe(1);
      for (const [label, count] of Object.entries(m.links)) expect(count, `${where}: ${label}`).toBe(1);
      expect(m.overflow, `${where}: header overflows`).toBeLessThanOrEqual(0);
    }
  }
});
