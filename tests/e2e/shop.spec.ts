import type { Page } from '@playwright/test';
import { cartMessages } from '../../src/i18n/messages/cart.ts';
import { shopMessages } from '../../src/i18n/messages/shop.ts';
import { checkA11y, expect, test } from './fixtures.ts';

type Lang = 'nl' | 'en' | 'de';
const prefix = (lang: Lang) => (lang === 'nl' ? '' : `/${lang}`);
const text = (lang: Lang) => ({ ...shopMessages[lang], ...cartMessages[lang] });
const eur = (lang: Lang, amount: number) =>
  new Intl.NumberFormat({ nl: 'nl-NL', en: 'en-US', de: 'de-DE' }[lang], {
    style: 'currency',
    currency: 'EUR',
  }).format(amount);

/** The visible label of an option value (the radio itself is visually hidden under it). */
const option = (page: Page, value: string) =>
  page.locator('label').filter({ hasText: new RegExp(`^\\s*${value}(\\s|\\(|$)`) });

const scenario = {
  nl: { collection: 'Alle kleding', size: 'M', colour: 'Nachtblauw', colourKey: 'midnight' },
  en: { collection: 'All clothing', size: 'M', colour: 'Midnight blue', colourKey: 'midnight' },
  de: { collection: 'Alle Kleidung', size: 'M', colour: 'Nachtblau', colourKey: 'midnight' },
} as const;

for (const lang of ['nl', 'en', 'de'] as const) {
  test(`${lang}: browse, choose a variant, add, change the cart and check out to the demo page`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const t = text(lang);
    const s = scenario[lang];

    await page.goto(`${prefix(lang)}/shop`);
    await expect(page.getByRole('heading', { level: 1, name: t['shop.title'] })).toBeVisible();
    await checkA11y(page);

    // Filter buttons lead to the collection page.
    await page
      .getByRole('navigation', { name: t['shop.filter.label'] })
      .getByRole('link', { name: s.collection })
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/shop/collection/alle-kleding/?$`));
    await expect(page.getByRole('heading', { level: 1, name: s.collection })).toBeVisible();
    await checkA11y(page);

    await page.getByRole('link', { name: 'Chosen Ones Hoodie' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Chosen Ones Hoodie' })).toBeVisible();
    await checkA11y(page);

    // First variant preselected (S, first colour); choose another size and colour.
    const gallery = page.getByRole('group', { name: t['product.gallery'] });
    await expect(gallery.getByRole('img').first()).toHaveAttribute('src', /black-front/);
    await option(page, s.size).click();
    await option(page, s.colour).click();
    await expect(gallery.getByRole('img').first()).toHaveAttribute('src', new RegExp(`${s.colourKey}-front`));

    await page.getByRole('button', { name: t['product.increase'] }).click();
    await expect(page.getByLabel(t['product.quantity'])).toHaveValue('2');
    await page.getByRole('button', { name: t['product.addToCart'] }).click();
    await expect(page.getByRole('status').filter({ hasText: t['product.added'] })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: t['product.addedTitle'] })).toBeVisible();
    // The confirmation lasts 2 s, then the button is back.
    await expect(page.getByRole('button', { name: t['product.addToCart'] })).toBeVisible({ timeout: 4000 });

    // Header badge, then the drawer (loaded on first open).
    const cartButton = page.locator('[data-cart-button]');
    await expect(cartButton.locator('[data-cart-count]')).toHaveText('2');
    await cartButton.click();
    const drawer = page.getByRole('dialog', { name: t['cart.drawerTitle'] });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText(`${s.size} / ${s.colour}`, { exact: true })).toBeVisible();
    await checkA11y(page);
    await drawer
      .getByRole('button', {
        name: t['cart.increase'].replace('{title}', `Chosen Ones Hoodie (${s.size} / ${s.colour})`),
      })
      .click();
    await expect(drawer.locator('[data-cart-total]')).toHaveText(eur(lang, 207));
    await expect(cartButton.locator('[data-cart-count]')).toHaveText('3');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The cart page, after a reload the cart is still there.
    await page.goto(`${prefix(lang)}/cart`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: t['cart.title'] })).toBeVisible();
    await expect(page.locator('[data-cart-item-count]')).toHaveText('3');
    await expect(page.locator('[data-cart-subtotal]')).toHaveText(eur(lang, 207));
    await expect(page.getByText(t['cart.note'])).toBeVisible();
    await page
      .getByRole('button', {
        name: t['cart.decrease'].replace('{title}', `Chosen Ones Hoodie (${s.size} / ${s.colour})`),
      })
      .click();
    await expect(page.locator('[data-cart-item-count]')).toHaveText('2');
    await checkA11y(page);

    // Checkout opens the demo checkout in a new tab, in the same language.
    const [demo] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: new RegExp(t['cart.checkout']) }).click(),
    ]);
    await expect(demo).toHaveURL(new RegExp(`${prefix(lang)}/checkout/demo\\?lines=`));
    await expect(demo.getByRole('heading', { level: 1, name: t['cart.demo.title'] })).toBeVisible();
    await expect(demo.getByText(t['cart.demo.notice'])).toBeVisible();
    await expect(demo.locator('[data-demo-line]')).toHaveCount(1);
    await expect(demo.locator('[data-demo-total]')).toHaveText(eur(lang, 138));
    await checkA11y(demo);
  });
}

test('a sold-out variant is marked and cannot be added', async ({ page }) => {
  const t = text('nl');
  await page.goto('/product/chosen-ones-hoodie');
  await option(page, 'XL').click();
  // XL in black (the first colour) is sold out.
  await expect(page.getByRole('button', { name: t['product.unavailable'] })).toBeDisabled();
  await expect(page.getByRole('radio', { name: `XL ${t['shop.soldOutSuffix']}` })).toBeVisible();
  await option(page, 'Nachtblauw').click();
  await expect(page.getByRole('button', { name: t['product.addToCart'] })).toBeEnabled();

  // A product whose every variant is sold out.
  await page.goto('/product/trinity-jack');
  await expect(page.getByRole('button', { name: t['product.unavailable'] })).toBeDisabled();
  await checkA11y(page);
});

test('a plain variant list for non-clothing products', async ({ page }) => {
  const t = text('en');
  await page.goto('/en/product/meditatiekussen');
  const list = page.getByRole('group', { name: t['product.variant'] });
  await expect(list.getByText('(Sold out)')).toHaveCount(1);
  await list.locator('label', { hasText: 'Saffron' }).click();
  await expect(page.getByRole('button', { name: t['product.unavailable'] })).toBeDisabled();
  await list.locator('label', { hasText: 'Sage' }).click();
  await page.getByRole('button', { name: t['product.addToCart'] }).click();
  await expect(page.locator('[data-cart-button] [data-cart-count]')).toHaveText('1');
  await checkA11y(page);
});

for (const stored of ['{not json', '{"items":[1,2]}', '[{"variantId":"x","quantity":99,"price":1}]']) {
  test(`a corrupt cart in localStorage (${stored}) gives an empty cart, not a broken page`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript((value) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('cart', value);
        sessionStorage.setItem('seeded', '1');
      }
    }, stored);
    const t = text('nl');
    await page.goto('/cart');
    await expect(page.getByText(t['cart.empty'])).toBeVisible();
    await expect(page.locator('[data-cart-count]')).toBeHidden();
    await page.goto('/product/eenheid-mok');
    await page.getByRole('button', { name: t['product.addToCart'] }).click();
    await expect(page.locator('[data-cart-count]')).toHaveText('1');
    expect(errors).toEqual([]);
  });
}

test('the footer collection addresses lead to the collection pages', async ({ page }) => {
  for (const [path, target] of [
    ['/shop/alle-kleding', '/shop/collection/alle-kleding'],
    ['/en/shop/digitale-producten', '/en/shop/collection/digitale-producten'],
    ['/de/shop/andere-merchandise', '/de/shop/collection/andere-merchandise'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${target}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('the second product page shows mockups of a digital product and checks out directly', async ({
  page,
  context,
}) => {
  const t = text('de');
  await page.goto('/de/products/10001');
  await expect(page.getByRole('heading', { level: 1, name: 'Trinity-Transformation' })).toBeVisible();
  await expect(page.locator('img[data-mockup]').first()).toHaveAttribute('src', /mockups\/40001\/1\.png$/);
  await expect(page.getByText(t['product.imageUnavailable']).filter({ visible: true })).toHaveCount(0);
  const [demo] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: new RegExp(t['product.checkoutNow']) }).click(),
  ]);
  await expect(demo.getByRole('heading', { level: 1, name: t['cart.demo.title'] })).toBeVisible();
  await expect(demo.getByText('Trinity-Transformation')).toBeVisible();
  await checkA11y(page);
});

test('the second product page shows the seeded mockups of a clothing product', async ({ page }) => {
  await page.goto('/en/products/20001');
  const mockups = page.locator('img[data-mockup]');
  await expect(mockups).toHaveCount(2);
  for (const img of await mockups.all()) {
    await expect(img).toBeVisible();
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(600);
  }
  await expect(page.getByText(text('en')['product.imageUnavailable']).filter({ visible: true })).toHaveCount(
    0,
  );
});

test('the cart stays in step across tabs', async ({ context }) => {
  const t = text('nl');
  const cartTab = await context.newPage();
  await cartTab.goto('/cart');
  await expect(cartTab.getByText(t['cart.empty'])).toBeVisible();
  const shopTab = await context.newPage();
  await shopTab.goto('/product/eenheid-mok');
  await shopTab.getByRole('button', { name: t['product.addToCart'] }).click();
  await expect(cartTab.locator('[data-cart-line]')).toHaveCount(1);
  await expect(cartTab.locator('[data-cart-count]')).toHaveText('1');
  await cartTab.getByRole('button', { name: t['cart.removeItem'].replace('{title}', 'Eenheid Mok') }).click();
  await expect(shopTab.locator('[data-cart-count]')).toBeHidden();
});

test('the product form and the drawer work with the keyboard', async ({ page }) => {
  const t = text('en');
  await page.goto('/en/product/zeven-zegels-longsleeve');
  // Arrow keys move within a radio group; Space/Enter press buttons.
  await page.locator('label', { hasText: /^\s*S(\s|\(|$)/ }).click();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('input[name="option-0"]:checked')).toHaveValue('M');
  await page.getByRole('button', { name: t['product.addToCart'] }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cart-count]')).toHaveText('1');

  const cartButton = page.locator('[data-cart-button]');
  await cartButton.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: t['cart.drawerTitle'] });
  await expect(drawer).toBeVisible();
  await expect(drawer.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(cartButton).toBeFocused();
});
