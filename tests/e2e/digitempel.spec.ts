import { AxeBuilder } from '@axe-core/playwright';
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts';

/* The hero's main button leads to the real digital temple: lessons, latest articles, community. */
const cases = [
  {
    prefix: '',
    cta: 'Betreed de Digitempel',
    title: 'De Digitempel',
    lessons: 'De lessen',
    articles: 'Nieuwste artikelen',
    community: 'Naar de community',
  },
  {
    prefix: '/en',
    cta: 'Enter the Digital Temple',
    title: 'The Digital Temple',
    lessons: 'The teachings',
    articles: 'Latest writings',
    community: 'Go to the community',
  },
  {
    prefix: '/de',
    cta: 'Den Digitalen Tempel betreten',
    title: 'Der Digitale Tempel',
    lessons: 'Die Lehren',
    articles: 'Neueste Texte',
    community: 'Zur Community',
  },
] as const;

for (const c of cases) {
  test(`${c.prefix || '/'}: the home page's main button opens the digital temple with its lessons`, async ({
    page,
  }) => {
    await page.goto(`${c.prefix}/`);
    await page.getByRole('link', { name: c.cta }).click();
    await expect(page).toHaveURL(new RegExp(`${c.prefix}/digitempel/?$`));
    await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
    await expect(page.getByText(/in aanbouw|under construction|im Aufbau/i)).toHaveCount(0);

    const lessons = page.getByRole('list', { name: c.lessons });
    expect(await lessons.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
    await expect(lessons.getByRole('link').first()).toHaveAttribute(
      'href',
      new RegExp(`^${c.prefix}/product/`),
    );

    const articles = page.getByRole('region', { name: c.articles });
    expect(await articles.getByRole('article').or(articles.getByRole('listitem')).count()).toBeGreaterThan(0);
    await expect(articles.getByRole('link').first()).toHaveAttribute('href', new RegExp(`^${c.prefix}/`));

    await expect(page.getByRole('link', { name: c.community })).toHaveAttribute(
      'href',
      `${c.prefix}/community`,
    );
    await checkA11y(page);
  });
}

test('the Direct Path page names its language and icon and asks for no missing favicon', {
  tag: '@full-browser',
}, async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const response = await page.goto('/the-direct-path/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  await expect(page.getByRole('heading', { level: 1, name: 'The Direct Path' })).toBeVisible();
  // Give the browser time to ask for an icon, with a positive control: the declared one arrives.
  await expect.poll(() => requested.includes('/favicon.svg')).toBe(true);
  expect(requested).not.toContain('/favicon.ico');
});

test('the empty cart offers the way back to the shop once, and /auth has no role misuse', async ({
  page,
}) => {
  await page.goto('/en/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: /back to the shop/i })).toHaveCount(1);
  await page.goto('/en/auth');
  await waitForHydration(page);
  await expect(page.getByRole('tabpanel')).toBeVisible();
  const results = await new AxeBuilder({ page }).withRules(['aria-allowed-role']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
