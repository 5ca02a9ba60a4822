import { expect, test } from './fixtures.ts';

/*
 * A stored language choice leads only from the unprefixed home page; a shared address keeps the
 * language it names. The 404 page's switcher keeps the requested address. Counts use the plural
 * rules of the language, also where they are only read out (aria-labels).
 */
test('a stored language redirects the unprefixed home page only', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => localStorage.setItem('language', 'de'));
  for (const shared of ['/en/shop', '/about', '/en/blog']) {
    await page.goto('about:blank');
    await page.goto(shared);
    await expect(page).toHaveURL(new RegExp(`${shared}/?$`));
  }
  await page.goto('about:blank');
  await page.goto('/');
  await expect(page).toHaveURL(/\/de\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('the 404 page’s language switcher keeps the requested address', async ({ page }) => {
  const response = await page.goto('/en/no-such-page');
  expect(response?.status()).toBe(404);
  const switcher = page.getByRole('list', { name: 'Language' });
  await expect(switcher.getByRole('link', { name: 'Nederlands' })).toHaveAttribute('href', '/no-such-page');
  await expect(switcher.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', '/de/no-such-page');
  await switcher.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/no-such-page$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

const cartLabel = {
  nl: ['Winkelwagen, 1 artikel', 'Winkelwagen, 2 artikelen'],
  en: ['Cart, 1 item', 'Cart, 2 items'],
  de: ['Warenkorb, 1 Artikel', 'Warenkorb, 2 Artikel'],
} as const;

for (const lang of ['nl', 'en', 'de'] as const) {
  test(`${lang}: the cart button reads one item in the singular and two in the plural`, async ({ page }) => {
    const prefix = lang === 'nl' ? '' : `/${lang}`;
    await page.goto(`${prefix}/product/eenheid-mok`);
    await page.locator('[data-add]').click();
    const [one, two] = cartLabel[lang];
    await expect(page.locator('[data-cart-button]')).toHaveAttribute('aria-label', one);
    await page.locator('[data-add]').click();
    await expect(page.locator('[data-cart-button]')).toHaveAttribute('aria-label', two);
  });
}
