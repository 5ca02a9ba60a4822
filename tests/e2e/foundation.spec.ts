import { checkA11y, expect, test } from './fixtures.ts';

const pages = ['/', '/about', '/contact', '/digitempel', '/coming-soon'];
const langs = [
  { lang: 'nl', prefix: '' },
  { lang: 'en', prefix: '/en' },
  { lang: 'de', prefix: '/de' },
] as const;
const notFoundTitle = {
  nl: 'Oeps! Pagina niet gevonden',
  en: 'Oops! Page not found',
  de: 'Hoppla! Seite nicht gefunden',
};
const homeName = { nl: 'Terug naar de homepagina', en: 'Back to the home page', de: 'Zurück zur Startseite' };

for (const { lang, prefix } of langs) {
  for (const path of pages) {
    const url = path === '/' ? `${prefix}/` : `${prefix}${path}`;
    test(`${url} renders in ${lang} with alternates and no axe violations`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${url.replace(/\/$/, '')}/?$`),
      );
      for (const alt of ['nl', 'en', 'de', 'x-default']) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${alt}"]`)).toHaveCount(1);
      }
      await checkA11y(page);
    });
  }

  test(`unknown paths show the ${lang} not-found page`, async ({ page }) => {
    const response = await page.goto(`${prefix}/this/page/does-not-exist`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1, name: notFoundTitle[lang] })).toBeVisible();
    await page.getByRole('link', { name: homeName[lang] }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/$`));
    await checkA11y(page);
  });
}

test('an unknown product or collection says so and leads back to the shop', async ({ page }) => {
  const product = await page.goto('/de/product/gibt-es-nicht');
  expect(product?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Produkt nicht gefunden' })).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zum Shop' }).last().click();
  await expect(page).toHaveURL(/\/de\/shop\/?$/);

  const collection = await page.goto('/shop/collection/bestaat-niet');
  expect(collection?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Collectie niet gevonden' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Terug naar de winkel' })).toHaveAttribute(
    'href',
    '/shop',
  );
  await checkA11y(page);
});

test('the language switcher keeps the page and a returning visitor lands in the chosen language', async ({
  page,
}) => {
  await page.goto('/about');
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/about\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Über Chosen Ones');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');

  // Within the site the visitor may read another language; arriving from outside at the
  // unprefixed home page brings them back to their choice (other addresses keep their language).
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en\/about\/?$/);
  await page.goto('about:blank');
  await page.goto('/');
  await expect(page).toHaveURL(/\/en\/$/);
});

test('a corrupt stored language is dropped and never breaks the page', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => localStorage.setItem('language', '{"not":"a language"}'));
  await page.goto('about:blank');
  await page.goto('/about');
  await expect(page).toHaveURL(/\/about\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Over Chosen Ones');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();
});

test.describe('on a 375 px wide screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu opens, is usable by keyboard and closes with Escape', async ({ page }) => {
    await page.goto('/en/');
    // Nothing may stick out sideways on a small phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await expect(nav).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/en\/about\/?$/);
    await checkA11y(page);
  });
});

test('the skip link is the first thing the keyboard reaches and moves focus to the content', async ({
  page,
}) => {
  await page.goto('/en/about');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});

test('the footer opens The Direct Path in a new tab', async ({ page, context }) => {
  await page.goto('/');
  const link = page.getByRole('contentinfo').getByRole('link', { name: /Het Directe Pad/ });
  await expect(link).toHaveAttribute('target', '_blank');
  const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(popup.getByRole('heading', { level: 1, name: 'The Direct Path' })).toBeVisible();
});

test('the footer draws its social icons from the sprite, each a link named for its network', async ({
  page,
}) => {
  const sprite = page.waitForResponse((r) => r.url().endsWith('/social-icons.svg'));
  await page.goto('/de/about');
  expect((await sprite).status()).toBe(200);
  const links = page.getByRole('contentinfo').getByRole('link', { name: /^Chosen Ones auf / });
  await expect(links).toHaveCount(5);
  // Each icon is painted: its <use> resolves to a symbol of the sprite with a real size.
  await expect
    .poll(() =>
      links.evaluateAll((as) =>
        as.map((a) => {
          const box = (a.querySelector('svg use') as SVGGraphicsElement | null)?.getBBox();
          return box ? box.width > 4 && box.height > 4 : false;
        }),
      ),
    )
    .toEqual([true, true, true, true, true]);
});

test('the contact form validates in the browser and sends a valid message', async ({ page }) => {
  await page.goto('/en/contact');
  const send = page.getByRole('button', { name: 'Send message' });
  await send.click();
  await expect(page.getByLabel(/First name/)).toBeFocused();
  await expect(page.getByText('Please fill in this field.').first()).toBeVisible();

  await page.getByLabel(/First name/).fill('Ada');
  await page.getByLabel(/Last name/).fill('Lovelace');
  await page.getByLabel(/E-mail address/).fill('not-an-email');
  await page.getByLabel(/Subject/).fill('A question');
  await page.getByLabel(/Message/).fill('How long does shipping to Belgium take?');
  await send.click();
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await expect(page.getByLabel(/E-mail address/)).toBeFocused();

  await page.getByLabel(/E-mail address/).fill(`ada-${Date.now()}@example.com`);
  await send.click();
  await expect(page.getByRole('status')).toHaveText(
    'Thank you! Your message has been sent. We will reply within 24 hours.',
  );
  await expect(page.getByLabel(/Message/)).toHaveValue('');
  await checkA11y(page);
});

test('when sending fails the contact form says so and keeps what was typed', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'rate_limited', message: 'Too many messages' } }),
    }),
  );
  await page.goto('/de/contact');
  await page.getByLabel(/Vorname/).fill('Clara');
  await page.getByLabel(/Nachname/).fill('Schumann');
  await page.getByLabel(/E-Mail-Adresse/).fill('clara@example.com');
  await page.getByLabel(/Betreff/).fill('Frage');
  await page.getByLabel(/^Nachricht/).fill('Wie lange dauert der Versand?');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Du hast in kurzer Zeit mehrere Nachrichten gesendet. Bitte versuche es in ein paar Minuten erneut.',
  );
  await expect(page.getByLabel(/^Nachricht/)).toHaveValue('Wie lange dauert der Versand?');
  await expect(page.getByLabel(/Vorname/)).toHaveValue('Clara');
});
