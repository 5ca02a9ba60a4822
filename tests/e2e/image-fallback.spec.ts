import { expect, test } from './fixtures.ts';

/* Images that fail show the spec's placeholder and text, in the page language, not an empty box. */
test('product cards show the placeholder text when their pictures fail (en)', async ({ page }) => {
  await page.route('**/catalog/*.webp', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/en/shop');
  const cards = page.locator('main li').filter({ has: page.locator('img[data-fallback-image]') });
  const count = await cards.count();
  expect(count).toBeGreaterThan(4);
  // The first cards load eagerly; scroll to the last so the lazy ones try too.
  await cards.last().scrollIntoViewIfNeeded();
  await expect(page.getByText('Image not available').filter({ visible: true })).toHaveCount(count);
});

test('the product gallery shows the placeholder text when its picture fails (de)', async ({ page }) => {
  await page.route('**/catalog/*.webp', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/de/product/eenheid-mok');
  const gallery = page.getByRole('group', { name: 'Produktbilder' });
  await expect(gallery.getByText('Bild nicht verfügbar')).toBeVisible();
});

test('an article picture that fails shows the placeholder text (nl), a working one none', async ({
  page,
}) => {
  await page.goto('/blog');
  const firstArticle = page.locator('main article a').first();
  const href = await firstArticle.getAttribute('href');
  // Positive control: with pictures available, no placeholder.
  await page.goto(href ?? '/blog');
  await expect(page.locator('main img[data-fallback-image]').first()).toBeVisible();
  await expect(page.getByText('Afbeelding niet beschikbaar')).toHaveCount(0);
  await page.route(/\/_astro\/.*\.(webp|avif|png|jpe?g)$/, (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
  await page.reload();
  await expect(page.getByText('Afbeelding niet beschikbaar').first()).toBeVisible();
});
