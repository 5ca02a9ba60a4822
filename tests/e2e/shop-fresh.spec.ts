import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { cartMessages } from '../../src/i18n/messages/cart.ts';
import { shopMessages } from '../../src/i18n/messages/shop.ts';
import { checkA11y, expect, test } from './fixtures.ts';

/*
 * Fresh stock and prices after load, discount code, recommendations and quick add, in nl, en
 * and de. "Sold out after the build" and "price changed after the build" are made with run-time
 * overrides of the local catalog (src/lib/storefront/local/overrides.ts), which the e2e server
 * reads from LOCAL_CATALOG_OVERRIDES_DIR (playwright.config.ts). The products used here are
 * used by no other spec, so the overrides change nothing elsewhere.
 */

// Each test loads several pages and waits for the after-load check: room on a busy machine.
test.describe.configure({ timeout: 60_000 });

type Lang = 'nl' | 'en' | 'de';
const langs = ['nl', 'en', 'de'] as const;
const prefix = (lang: Lang) => (lang === 'nl' ? '' : `/${lang}`);
const text = (lang: Lang) => ({ ...shopMessages[lang], ...cartMessages[lang] });
const eur = (lang: Lang, amount: number) =>
  new Intl.NumberFormat({ nl: 'nl-NL', en: 'en-US', de: 'de-DE' }[lang], {
    style: 'currency',
    currency: 'EUR',
  }).format(amount);
const fill = (s: string, params: Record<string, string>) =>
  s.replace(/\{(\w+)\}/g, (w, k: string) => params[k] ?? w);

const overridesDir = resolve(`.e2e-data/catalog-overrides-${process.env.E2E_PORT ?? 4329}`);
/** Changes the running store's stock or prices; removed again after the test. */
function override(name: string, data: Record<string, { available?: boolean; price?: string }>) {
  mkdirSync(overridesDir, { recursive: true });
  const file = join(overridesDir, `${name}.json`);
  writeFileSync(file, JSON.stringify(data));
  return () => rmSync(file, { force: true });
}

/** A single-variant product per language for "sold out after the build" (tests run in parallel). */
const SOLD_OUT = {
  nl: { handle: 'the-real-world', id: 'gid://shopify/ProductVariant/40002' },
  en: { handle: 'the-truth-that-sets-free', id: 'gid://shopify/ProductVariant/40003' },
  de: { handle: 'universal-god-interface', id: 'gid://shopify/ProductVariant/40006' },
} as const;
const UNVEILED = 'gid://shopify/ProductVariant/40004'; // Eenheid Ontsluierd, 24.00, single variant
const UNVEILED_TITLE = { nl: 'Eenheid Ontsluierd', en: 'Unity Unveiled', de: 'Einheit enthüllt' } as const;
const TOTE_TITLE = {
  nl: 'Chosen Ones Draagtas',
  en: 'Chosen Ones Tote Bag',
  de: 'Chosen Ones Stoffbeutel',
} as const;
/** The product card of a product in a grid. */
const card = (page: Page, handle: string) => page.locator(`li:has(a[href$="/product/${handle}"])`);
const TOTE = 'gid://shopify/ProductVariant/50021'; // Chosen Ones tote, 19.00
const POSTER_A3 = 'gid://shopify/ProductVariant/50011'; // Seven Seals poster A3, 25.00

async function seedCart(
  page: Page,
  lang: Lang,
  lines: { variantId: string; price: number; quantity: number; title: string; handle: string }[],
) {
  await page.goto(`${prefix(lang)}/shop`);
  await page.evaluate((items) => {
    localStorage.setItem(
      'cart',
      JSON.stringify(
        items.map((l, i) => ({
          id: `${l.variantId}-${i}`,
          productId: '',
          variantTitle: 'Default Title',
          image: null,
          ...l,
        })),
      ),
    );
  }, lines);
}

for (const lang of langs) {
  test(`${lang}: a variant sold out after the build shows sold out after load and cannot be added`, async ({
    page,
  }) => {
    const t = text(lang);
    const { handle, id } = SOLD_OUT[lang];
    const remove = override(`soldout-${lang}`, { [id]: { available: false } });
    try {
      await page.goto(`${prefix(lang)}/product/${handle}`);
      const add = page.locator('[data-add]');
      // The page was built with the variant in stock, the check after load says otherwise.
      await expect(add).toHaveText(t['product.unavailable']);
      await expect(add).toBeDisabled();
      await checkA11y(page);
    } finally {
      remove();
    }
    // Positive control: without the override the same page offers the product.
    const checked = page.waitForResponse((r) => r.url().includes('/api/shop/fresh'));
    await page.goto(`${prefix(lang)}/product/${handle}`);
    await checked;
    await expect(page.locator('[data-add]')).toBeEnabled();
    await expect(page.locator('[data-add]')).toHaveText(t['product.addToCart']);
  });

  test(`${lang}: a changed price updates the cart line with a notice; a sold-out line is marked`, async ({
    page,
  }) => {
    const t = text(lang);
    const remove = override(`price-${lang}`, {
      [TOTE]: { price: '23.00' },
      [UNVEILED]: { available: false },
    });
    try {
      await seedCart(page, lang, [
        { variantId: TOTE, price: 1900, quantity: 2, title: 'Chosen Ones Tas', handle: 'chosen-ones-tas' },
        {
          variantId: UNVEILED,
          price: 2400,
          quantity: 1,
          title: 'Eenheid Ontsluierd',
          handle: 'eenheid-ontsluierd',
        },
      ]);
      await page.goto(`${prefix(lang)}/cart`);
      const tote = page.locator('[data-cart-line]').filter({ hasText: TOTE_TITLE[lang] });
      await expect(tote.locator('[data-line-total]')).toHaveText(eur(lang, 46));
      await expect(tote.locator('[data-line-notice]')).toContainText(eur(lang, 19));
      await expect(tote.locator('[data-line-notice]')).toContainText(eur(lang, 23));
      await expect(page.getByRole('status').filter({ hasText: t['fresh.priceChangedTitle'] })).toBeVisible();
      await expect(page.locator('[data-cart-subtotal]')).toHaveText(eur(lang, 70));
      // The new price is what the cart keeps.
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
      expect(stored.find((l: { variantId: string }) => l.variantId.endsWith('/50021')).price).toBe(2300);
      const book = page.locator('[data-cart-line]').filter({ hasText: UNVEILED_TITLE[lang] });
      await expect(book.locator('[data-line-soldout]')).toContainText(t['fresh.lineSoldOut']);
      await expect(
        book.getByRole('button', { name: fill(t['cart.increase'], { title: UNVEILED_TITLE[lang] }) }),
      ).toBeDisabled();
      await checkA11y(page);
    } finally {
      remove();
    }
  });

  test(`${lang}: a discount code is checked by the store and passed to checkout`, async ({
    page,
    context,
  }) => {
    const t = text(lang);
    await seedCart(page, lang, [
      {
        variantId: POSTER_A3,
        price: 2500,
        quantity: 2,
        title: 'Zeven Zegels Poster',
        handle: 'zeven-zegels-poster',
      },
    ]);
    await page.goto(`${prefix(lang)}/cart`);
    const field = page.getByRole('textbox', { name: t['fresh.discount.label'] });
    await expect(field).toBeVisible();
    // A code the store does not know: shown as not applicable.
    await field.fill('NEPCODE');
    await page.getByRole('button', { name: t['fresh.discount.apply'] }).click();
    await expect(page.locator('[data-discount-status]')).toHaveText(
      fill(t['fresh.discount.notApplicable'], { code: 'NEPCODE' }),
    );
    // A demo code: 10 % of 50 euro.
    await field.fill('WELKOM10');
    await page.getByRole('button', { name: t['fresh.discount.apply'] }).click();
    await expect(page.locator('[data-discount-status]')).toHaveText(
      fill(t['fresh.discount.applicable'], { code: 'WELKOM10', amount: eur(lang, 5) }),
    );
    // The summary says the same as the message: the discount, and the total after it.
    const summary = page.getByRole('region', { name: t['cart.summary'] });
    await expect(summary.locator('[data-cart-total]')).toHaveText(eur(lang, 45));
    await expect(summary.getByText(fill(t['cart.discount'], { code: 'WELKOM10' }))).toBeVisible();
    await checkA11y(page);
    // One more poster: the store is asked again, and both follow (10 % of 75 euro).
    await page.locator('cart-page [data-action="inc"]').click();
    await expect(page.locator('[data-discount-status]')).toHaveText(
      fill(t['fresh.discount.applicable'], { code: 'WELKOM10', amount: eur(lang, 7.5) }),
    );
    await expect(summary.locator('[data-cart-discount]')).toHaveText(`−${eur(lang, 7.5)}`);
    await expect(summary.locator('[data-cart-total]')).toHaveText(eur(lang, 67.5));
    // The code is kept after a reload, asked about again, and can be removed.
    await page.reload();
    await expect(field).toHaveValue('WELKOM10');
    await expect(summary.locator('[data-cart-total]')).toHaveText(eur(lang, 67.5));
    await page.getByRole('button', { name: t['fresh.discount.remove'] }).click();
    await expect(field).toHaveValue('');
    await expect(summary.locator('[data-cart-discount]')).toHaveCount(0);
    await expect(summary.locator('[data-cart-total]')).toHaveText(eur(lang, 75));
    expect(await page.evaluate(() => localStorage.getItem('discountCode'))).toBeNull();
    // Checkout sends the code with the lines; the demo checkout address carries it.
    await field.fill('WELKOM10');
    await page.getByRole('button', { name: t['fresh.discount.apply'] }).click();
    await expect(page.locator('[data-discount-status]')).toHaveAttribute('data-kind', 'ok');
    const [demo] = await Promise.all([
      context.waitForEvent('page'),
      page
        .locator('cart-page')
        .getByRole('button', { name: new RegExp(t['cart.checkout']) })
        .click(),
    ]);
    await expect(demo).toHaveURL(/discount=WELKOM10/);
  });

  test(`${lang}: product pages recommend related products`, async ({ page }) => {
    const t = text(lang);
    await page.goto(`${prefix(lang)}/product/eenheid-mok`);
    const section = page.getByRole('region', { name: t['fresh.recommendations'] });
    await expect(section).toBeVisible();
    const links = section.getByRole('heading', { level: 3 }).getByRole('link');
    await expect(links).toHaveCount(3);
    await links.first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/product/zeven-zegels-poster/?$`));
  });

  test(`${lang}: quick add from a collection grid, at once or through the variant chooser`, async ({
    page,
  }) => {
    const t = text(lang);
    await page.goto(`${prefix(lang)}/shop/collection/andere-merchandise`);
    const count = page.locator('[data-cart-button] [data-cart-count]');
    // One variant: added at once.
    await card(page, 'chosen-ones-tas').getByRole('button', { name: TOTE_TITLE[lang] }).click();
    await expect(page.getByRole('status').filter({ hasText: t['product.addedTitle'] })).toBeVisible();
    await expect(count).toHaveText('1');
    // Two variants: a chooser opens with focus inside; Escape closes it and focus returns.
    const posterButton = card(page, 'zeven-zegels-poster').locator('button[data-quick-add]');
    await posterButton.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio').first()).toBeFocused();
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(posterButton).toBeFocused();
    await posterButton.click();
    await dialog.getByText('A2').click();
    await dialog.getByRole('button', { name: t['fresh.chooseAdd'] }).click();
    await expect(dialog).toBeHidden();
    await expect(count).toHaveText('2');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
    expect(stored.map((l: { variantId: string; price: number }) => [l.variantId, l.price])).toEqual([
      [TOTE, 1900],
      ['gid://shopify/ProductVariant/50012', 3500],
    ]);
  });
}
