import { shopMessages } from '../../src/i18n/messages/shop.ts';
import { expect, test } from './fixtures.ts';

/* Asking for more than the cart may hold says what actually happened, in the title and the button. */
for (const lang of ['en', 'nl'] as const) {
  const m = shopMessages[lang];
  const prefix = lang === 'nl' ? '' : `/${lang}`;

  test(`${lang}: quantity steps stop at 1 and 10, and a capped add says what was added`, async ({ page }) => {
    await page.goto(`${prefix}/product/eenheid-mok`);
    const minus = page.getByRole('button', { name: m['product.decrease'] });
    const plus = page.getByRole('button', { name: m['product.increase'] });
    const quantity = page.getByLabel(m['product.quantity']);
    await expect(minus).toBeDisabled();
    await plus.click();
    await expect(minus).toBeEnabled();
    await quantity.fill('8');
    await quantity.blur();
    const add = page.locator('[data-add]');
    await add.click();
    await expect(page.getByRole('status').filter({ hasText: m['product.addedTitle'] })).toBeVisible();

    // 8 in the cart, 5 asked: 2 go in.
    await quantity.fill('5');
    await quantity.blur();
    await add.click();
    await expect(page.getByRole('status').filter({ hasText: m['product.addedPartTitle'] })).toBeVisible();
    await expect(add).toHaveText(m['product.addedPart'].replace('{added}', '2'));

    // Full: nothing goes in, and nothing claims it did.
    await quantity.fill('10');
    await quantity.blur();
    await expect(plus).toBeDisabled();
    await add.click();
    await expect(page.getByRole('alert').filter({ hasText: m['product.notAddedTitle'] })).toBeVisible();
    await expect(add).toHaveText(m['product.notAdded']);
  });
}
