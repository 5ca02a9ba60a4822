import { checkA11y, expect, test } from './fixtures.ts';

/* The four shop policies at their per-language addresses, and every alias of SPEC section 2. */
const pages = [
  { path: '/privacybeleid', lang: 'nl', title: 'Privacybeleid' },
  { path: '/algemene-voorwaarden', lang: 'nl', title: 'Algemene voorwaarden' },
  { path: '/verzendbeleid', lang: 'nl', title: 'Verzendbeleid' },
  { path: '/retourbeleid', lang: 'nl', title: 'Retourbeleid' },
  { path: '/en/privacy-policy', lang: 'en', title: 'Privacy policy' },
  { path: '/en/terms-of-service', lang: 'en', title: 'Terms of service' },
  { path: '/en/shipping-policy', lang: 'en', title: 'Shipping policy' },
  { path: '/en/refund-policy', lang: 'en', title: 'Refund policy' },
  { path: '/de/datenschutz', lang: 'de', title: 'Datenschutzerklärung' },
  { path: '/de/nutzungsbedingungen', lang: 'de', title: 'Nutzungsbedingungen' },
  { path: '/de/versandrichtlinien', lang: 'de', title: 'Versandrichtlinie' },
  { path: '/de/rückgaberecht', lang: 'de', title: 'Rückgaberecht' },
] as const;

/** SPEC section 2: alias -> the canonical page of the alias's language. */
const aliases: Record<string, string> = {
  '/privacybeleid': '/privacybeleid',
  '/algemene-voorwaarden': '/algemene-voorwaarden',
  '/verzendbeleid': '/verzendbeleid',
  '/retourbeleid': '/retourbeleid',
  '/privacy-policy': '/en/privacy-policy',
  '/terms-of-service': '/en/terms-of-service',
  '/shipping-policy': '/en/shipping-policy',
  '/refund-policy': '/en/refund-policy',
  '/datenschutz': '/de/datenschutz',
  '/nutzungsbedingungen': '/de/nutzungsbedingungen',
  '/versandrichtlinien': '/de/versandrichtlinien',
  '/rückgaberecht': '/de/rückgaberecht',
};

const pathOf = (url: string) => decodeURIComponent(new URL(url).pathname);

for (const p of pages) {
  test(`${p.path} shows the ${p.lang} policy`, async ({ page }) => {
    const response = await page.goto(encodeURI(p.path));
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', p.lang);
    await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
    expect(pathOf(await page.locator('link[rel="canonical"]').getAttribute('href').then(String))).toBe(
      p.path,
    );
    await expect(page.locator('main h2').first()).toBeVisible();
    await checkA11y(page);
  });
}

for (const [alias, target] of Object.entries(aliases)) {
  test(`${alias} lands on ${target}`, async ({ page, request }) => {
    if (alias !== target) {
      const response = await request.get(encodeURI(alias), { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(decodeURIComponent(response.headers().location ?? '')).toMatch(new RegExp(`${target}$`));
    }
    await page.goto(encodeURI(alias));
    expect(pathOf(page.url())).toBe(target);
    const expected = pages.find((p) => p.path === target);
    if (!expected) throw new Error(`no page ${target}`);
    await expect(page.locator('html')).toHaveAttribute('lang', expected.lang);
    await expect(page.getByRole('heading', { level: 1, name: expected.title })).toBeVisible();
  });
}

test('a prefixed address with another language name lands on that language', async ({ page }) => {
  await page.goto('/en/datenschutz');
  expect(pathOf(page.url())).toBe('/en/privacy-policy');
  await page.goto('/de/refund-policy');
  expect(pathOf(page.url())).toBe('/de/rückgaberecht');
});

test('the footer links to the policies of the page language', async ({ page }) => {
  await page.goto('/de/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Rückgaberecht' }).click();
  expect(pathOf(page.url())).toBe('/de/rückgaberecht');
  await expect(page.getByRole('heading', { level: 1, name: 'Rückgaberecht' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /14 Tage Widerrufsrecht/ })).toBeVisible();
});
