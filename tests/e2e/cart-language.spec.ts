import { cartMessages } from '../../src/i18n/messages/cart.ts';
import { shopMessages } from '../../src/i18n/messages/shop.ts';
import { expect, test } from './fixtures.ts';

/*
 * Cart lines store ids; the names shown follow the page's language. Lines are added on Dutch pages
 * and read on the English and German cart pages and in the German drawer.
 */
test('lines added in Dutch read in English and German on the cart page and in the drawer', async ({
  page,
}) => {
  const nl = shopMessages.nl;
  await page.goto('/product/eenheid-mok');
  await page.getByRole('button', { name: nl['product.addToCart'] }).click();
  await expect(page.getByRole('status').filter({ hasText: nl['product.addedTitle'] })).toBeVisible();
  await page.goto('/product/chosen-ones-hoodie');
  await page.getByRole('button', { name: nl['product.addToCart'] }).click();
  await expect(page.getByRole('status').filter({ hasText: nl['product.addedTitle'] })).toBeVisible();

  await page.goto('/en/cart');
  const enLines = page.getByRole('list', { name: cartMessages.en['cart.title'] });
  await expect(enLines.getByRole('link', { name: 'Unity Mug', exact: true })).toBeVisible();
  await expect(enLines.getByText('S / Black', { exact: true })).toBeVisible();
  await expect(page.getByText('Eenheid Mok')).toHaveCount(0);
  await expect(page.getByText('S / Zwart')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'One more Chosen Ones Hoodie (S / Black)' })).toBeVisible();

  await page.goto('/de/cart');
  const deLines = page.getByRole('list', { name: cartMessages.de['cart.title'] });
  await expect(deLines.getByRole('link', { name: 'Einheit-Becher', exact: true })).toBeVisible();
  await expect(deLines.getByText('S / Schwarz', { exact: true })).toBeVisible();
  await expect(page.getByText('Eenheid Mok')).toHaveCount(0);

  // The German drawer too.
  await page.goto('/de/shop');
  await page.getByRole('link', { name: /^Warenkorb, / }).click();
  const drawer = page.getByRole('dialog', { name: cartMessages.de['cart.drawerTitle'] });
  await expect(drawer.getByRole('link', { name: 'Einheit-Becher', exact: true })).toBeVisible();
  await expect(drawer.getByText('S / Schwarz', { exact: true })).toBeVisible();
  await expect(drawer.getByText('S / Zwart')).toHaveCount(0);
});
