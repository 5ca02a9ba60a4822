import type { Page } from '@playwright/test';
import { searchMessages } from '../../src/i18n/messages/search.ts';
import { shopMessages } from '../../src/i18n/messages/shop.ts';
import { checkA11y, expect, test } from './fixtures.ts';

type Lang = 'nl' | 'en' | 'de';
const prefix = (lang: Lang) => (lang === 'nl' ? '' : `/${lang}`);
const text = (lang: Lang) => ({ ...shopMessages[lang], ...searchMessages[lang] });
const fill = (template: string, q: string) => template.replace('{q}', q);
const eur = (lang: Lang, amount: number) =>
  new Intl.NumberFormat({ nl: 'nl-NL', en: 'en-US', de: 'de-DE' }[lang], {
    style: 'currency',
    currency: 'EUR',
  }).format(amount);

// Typed part, the product it must find (in that language), its handle and price.
const scenario = {
  nl: { typed: 'eenh', product: 'Eenheid Ontsluierd', handle: 'eenheid-ontsluierd', price: 24 },
  en: { typed: 'unit', product: 'Unity Unveiled', handle: 'eenheid-ontsluierd', price: 24 },
  de: { typed: 'lichtkorp', product: 'Lichtkörper-Meisterschaft', handle: 'lightbody-mastery', price: 0 },
} as const;

/** Opens the header's search (a toggle below 1440 px) and returns the combobox. */
async function openSearch(page: Page, lang: Lang) {
  const t = text(lang);
  const toggle = page.getByRole('button', { name: t['search.open'] });
  if (await toggle.isVisible()) await toggle.click();
  const box = page.getByRole('combobox', { name: t['search.label'] });
  await expect(box).toBeFocused();
  return box;
}

for (const lang of ['nl', 'en', 'de'] as const) {
  const t = text(lang);
  const s = scenario[lang];

  test(`${lang}: predictive results as you type, chosen with the keyboard`, async ({ page }) => {
    test.setTimeout(60_000);
    const early: string[] = [];
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/predictive/.test(r.url())) early.push(r.url());
      if (r.url().includes('/api/shop/predictive-search'))
        asked.push(new URL(r.url()).searchParams.get('q') ?? '');
    });
    await page.goto(`${prefix(lang)}/shop`);
    // Nothing of the predictive search loads before the field is used.
    expect(early).toEqual([]);
    const box = await openSearch(page, lang);
    await box.pressSequentially(s.typed);
    const listbox = page.getByRole('listbox');
    const product = listbox.getByRole('option', { name: new RegExp(s.product) });
    await expect(product).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    if (s.price) await expect(product).toContainText(eur(lang, s.price));
    await expect(listbox.getByRole('group', { name: t['search.group.products'] })).toBeVisible();
    // Debounced: typed quickly, fewer requests than keystrokes; the last one for the whole word.
    expect(asked.length).toBeLessThan(s.typed.length - 1);
    expect(asked).not.toContain(s.typed.slice(0, 1));
    expect(asked.at(-1)).toBe(s.typed);

    // Arrow down to the product: the highlighted option is the combobox's active descendant.
    const options = listbox.getByRole('option');
    const index = await options.evaluateAll(
      (els, title) => els.findIndex((el) => el.textContent?.includes(title)),
      s.product,
    );
    for (let i = 0; i <= index; i++) await box.press('ArrowDown');
    await expect(product).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await product.getAttribute('id')) ?? 'none');
    await expect(box).toBeFocused();
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/product/${s.handle}$`));
    await expect(page.getByRole('heading', { level: 1, name: s.product })).toBeVisible();
  });

  test(`${lang}: Enter opens the results page, Escape closes and keeps focus`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${prefix(lang)}/`);
    const box = await openSearch(page, lang);
    await box.pressSequentially(s.typed, { delay: 40 });
    await expect(
      page.getByRole('listbox').getByRole('option', { name: new RegExp(s.product) }),
    ).toBeVisible();
    await box.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toBeFocused();
    await box.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await box.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    // No option highlighted: Enter submits the field to the results page.
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/search\\?q=${s.typed}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: fill(t['search.page.titleFor'], s.typed) }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: s.product })).toBeVisible();
    await checkA11y(page);
    // Another language keeps the query.
    const other = lang === 'en' ? 'de' : 'en';
    const switcher = page.locator(`[data-language-switcher] a[data-lang="${other}"]`);
    await expect(switcher).toHaveAttribute('href', new RegExp(`^/${other}/search\\?q=${s.typed}$`));
  });

  test(`${lang}: nothing found offers collections, products and a way back`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${prefix(lang)}/shop`);
    const box = await openSearch(page, lang);
    await box.pressSequentially('zzqx', { delay: 40 });
    await expect(page.getByText(fill(t['search.nothing'], 'zzqx'), { exact: true }).first()).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/search\\?q=zzqx$`));
    await expect(page.getByRole('heading', { name: fill(t['search.none.title'], 'zzqx') })).toBeVisible();
    await expect(page.getByRole('heading', { name: t['search.none.collections'] })).toBeVisible();
    await expect(page.getByRole('heading', { name: t['search.none.popular'] })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('link', { name: t['search.none.back'] }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/shop$`));
  });
}

const filterCase = {
  nl: { q: 'eenheid', size: 'Maat', shirt: 'Eenheid T-shirt', book: 'Eenheid Ontsluierd' },
  en: { q: 'unity', size: 'Size', shirt: 'Unity T-shirt', book: 'Unity Unveiled' },
  de: { q: 'einheit', size: 'Größe', shirt: 'Einheit T-Shirt', book: 'Einheit enthüllt' },
} as const;

for (const lang of ['nl', 'en', 'de'] as const) {
  test(`${lang}: results page filters by size with Shopify's filters, in a URL that can be shared`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const t = text(lang);
    const c = filterCase[lang];
    await page.goto(`${prefix(lang)}/search?q=${c.q}`);
    const grid = page.getByRole('list', { name: fill(t['search.page.titleFor'], c.q) });
    const before = await grid.getByRole('listitem').count();
    await expect(grid.getByRole('link', { name: c.book })).toBeVisible();
    await page
      .locator('[data-filter-panel] > summary')
      .filter({ hasText: t['listing.filters.title'] })
      .click();
    await page.getByRole('group', { name: c.size }).getByRole('checkbox', { name: /^M\b/ }).check();
    await page.getByRole('button', { name: t['listing.filters.apply'] }).click();
    await expect(page).toHaveURL(/filter\.v\.option\./);
    // Only products sold in size M are left: the T-shirt stays, the e-book goes.
    await expect(grid.getByRole('link', { name: c.shirt })).toBeVisible();
    await expect(grid.getByRole('link', { name: c.book })).toHaveCount(0);
    const after = await grid.getByRole('listitem').count();
    expect(after).toBeLessThan(before);
    // The address alone gives the same page to someone else.
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(
      other.getByRole('list', { name: fill(t['search.page.titleFor'], c.q) }).getByRole('listitem'),
    ).toHaveCount(after);
    await expect(
      other.getByRole('group', { name: c.size }).getByRole('checkbox', { name: /^M\b/ }),
    ).toBeChecked();
    await checkA11y(other);
  });
}

test('results page: sort by price both ways', async ({ page }) => {
  const t = text('en');
  await page.goto('/en/search?q=unity');
  const grid = page.getByRole('list', { name: fill(t['search.page.titleFor'], 'unity') });
  const prices = async () =>
    (await grid.locator('li p').allTextContents()).map((x) => Number(x.replace(/[^\d.]/g, '')));
  await page.getByLabel(t['listing.sort.label']).selectOption('price-desc');
  await expect(page).toHaveURL(/sort=price-desc/);
  const down = await prices();
  expect(down.length).toBeGreaterThan(1);
  expect(down).toEqual([...down].sort((a, b) => b - a));
  await page.getByLabel(t['listing.sort.label']).selectOption('price-asc');
  await expect(page).toHaveURL(/sort=price-asc/);
  expect(await prices()).toEqual([...down].reverse());
});

test('phone width: the search opens from the header, Escape closes it and returns to its button', async ({
  page,
}) => {
  const t = text('de');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/de/');
  const toggle = page.getByRole('button', { name: t['search.open'] });
  await toggle.click();
  const box = page.getByRole('combobox', { name: t['search.label'] });
  await box.pressSequentially('kissen', { delay: 40 });
  await expect(page.getByRole('option', { name: /Meditationskissen/ })).toBeVisible();
  const box375 = await page.getByRole('listbox').boundingBox();
  expect((box375?.x ?? -1) >= 0 && (box375?.x ?? 0) + (box375?.width ?? 999) <= 375).toBe(true);
  await box.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await box.press('Escape');
  await expect(box).toBeHidden();
  await expect(page.getByRole('button', { name: t['search.open'] })).toBeFocused();
});

test('when its texts cannot load, the search field stays the plain form to the results page', async ({
  page,
}) => {
  await page.route('**/texts/search.json', (route) => route.abort());
  const suggestions: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/shop/predictive-search')) suggestions.push(r.url());
  });
  await page.goto('/en/blog');
  const box = await openSearch(page, 'en');
  await box.pressSequentially('hoodie');
  await page.waitForTimeout(500);
  expect(suggestions).toEqual([]);
  await expect(page.getByRole('listbox')).toBeHidden();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/en\/search\?q=hoodie$/);
});
