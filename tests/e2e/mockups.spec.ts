import { shopMessages } from '../../src/i18n/messages/shop.ts';
import { fixtureCatalog } from '../../src/lib/storefront/local/fixtures.ts';
import { expect, test } from './fixtures.ts';

/*
 * Every /products/{id} page of the local catalog shows its two mockups from the storage, and none
 * shows the "image not available" placeholder. A missing mockup falls back to the product's own
 * picture; only when that fails too does the placeholder show.
 */
const unavailable = (lang: 'nl' | 'en' | 'de') => shopMessages[lang]['product.imageUnavailable'];

test('every product page of the local catalog shows its mockups and no placeholder', async ({ page }) => {
  test.setTimeout(120_000);
  for (const product of fixtureCatalog.products) {
    await page.goto(`/en/products/${product.id}`);
    const mockups = page.locator('img[data-mockup]');
    await expect(mockups).toHaveCount(2);
    for (const img of await mockups.all()) {
      await expect(img).toBeVisible();
      await expect
        .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { message: `${product.id}` })
        .toBe(600);
      await expect(img).toHaveAttribute('src', /\/storage\/v1\/object\/public\/mockups\/\d+\/[12]\.png$/);
    }
    await expect(page.getByText(unavailable('en')).filter({ visible: true })).toHaveCount(0);
  }
});

test('choosing another variant shows that variant’s mockups', async ({ page }) => {
  await page.goto('/products/20001');
  await page
    .locator('label')
    .filter({ hasText: /^\s*Crème/ })
    .click();
  const first = page.locator('img[data-mockup="1"]');
  await expect(first).toHaveAttribute('src', /mockups\/40010\/1\.png$/);
  await expect.poll(() => first.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(600);
  await expect(page.getByText(unavailable('nl')).filter({ visible: true })).toHaveCount(0);
});

test('a missing mockup falls back to the product’s own picture, not a placeholder', async ({ page }) => {
  await page.route('**/storage/v1/object/public/mockups/**', (route) =>
    route.fulfill({ status: 404, contentType: 'image/png', body: '' }),
  );
  await page.goto('/de/products/30101');
  const mockups = page.locator('img[data-mockup]');
  for (const img of await mockups.all()) {
    await expect(img).toHaveAttribute('src', /\/catalog\/eenheid-mok\.webp$/);
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await expect(page.getByText(unavailable('de')).filter({ visible: true })).toHaveCount(0);
});

test('when the fallback fails too, the placeholder says so in the page language', async ({ page }) => {
  await page.route('**/storage/v1/object/public/mockups/**', (route) =>
    route.fulfill({ status: 404, contentType: 'image/png', body: '' }),
  );
  await page.route('**/catalog/*.webp', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/products/30101');
  await expect(page.getByText(unavailable('nl')).filter({ visible: true })).toHaveCount(2);
});
