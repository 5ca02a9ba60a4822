import { checkA11y, expect, test } from './fixtures.ts';

/*
 * The blog in three languages, as a reader goes through it: /blog -> a blog's overview -> an
 * article -> back; the /unity address; unknown articles; merchant HTML that must not run.
 */
const langs = [
  {
    lang: 'nl',
    prefix: '',
    blog: 'Blog',
    egoTitle: 'Van Ego naar Eden',
    unityTitle: 'Eenheid gezien door het enkele oog',
    newest: 'Als je oog enkel is',
    article: 'De stem in je hoofd',
    by: 'Door Miriam de Vries',
    date: '28 oktober 2026',
    back: 'Terug naar Van Ego naar Eden',
    notFound: 'Artikel niet gevonden',
  },
  {
    lang: 'en',
    prefix: '/en',
    blog: 'Blog',
    egoTitle: 'Ego to Eden',
    unityTitle: 'Unity seen through the single eye',
    newest: 'When your eye is single',
    article: 'The voice in your head',
    by: 'By Miriam de Vries',
    date: 'October 28, 2026',
    back: 'Back to Ego to Eden',
    notFound: 'Article not found',
  },
  {
    lang: 'de',
    prefix: '/de',
    blog: 'Blog',
    egoTitle: 'Vom Ego nach Eden',
    unityTitle: 'Einheit, gesehen mit dem einfachen Auge',
    newest: 'Wenn dein Auge einfach ist',
    article: 'Die Stimme in deinem Kopf',
    by: 'Von Miriam de Vries',
    date: '28. Oktober 2026',
    back: 'Zurück zu Vom Ego nach Eden',
    notFound: 'Artikel nicht gefunden',
  },
] as const;

for (const l of langs) {
  test(`${l.lang}: /blog -> overview -> article -> back`, async ({ page }) => {
    // Three pages with an axe run each: more than the default 30 s on a busy two-core machine.
    test.setTimeout(90_000);
    await page.goto(`${l.prefix}/blog`);
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    await expect(page.getByRole('heading', { level: 1, name: l.blog })).toBeVisible();

    // Two blog cards, then the six newest articles across both blogs, newest first.
    const blogs = page.locator('section[aria-labelledby="blogs-heading"]');
    await expect(blogs.getByRole('link')).toHaveCount(2);
    const latest = page.locator('section[aria-labelledby="latest-heading"] article');
    await expect(latest).toHaveCount(6);
    await expect(latest.first().getByRole('heading')).toHaveText(l.newest);
    const dates = await latest
      .locator('time')
      .evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
    expect(dates).toEqual([...dates].sort().reverse());
    await checkA11y(page);

    await blogs.getByRole('link', { name: l.egoTitle }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/ego-to-eden$`));
    await expect(page.getByRole('heading', { level: 1, name: l.egoTitle })).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(6);
    await checkA11y(page);

    await page.getByRole('link', { name: l.article, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/blog/ego-to-eden/de-stem-in-je-hoofd$`));
    await expect(page.getByRole('heading', { level: 1, name: l.article })).toBeVisible();
    await expect(page.getByText(l.by)).toBeVisible();
    await expect(page.locator('main time').first()).toHaveText(l.date);
    const picture = page.locator('main article img').first();
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute('alt', /.+/);
    await expect(picture).toHaveAttribute('fetchpriority', 'high');
    await expect(page.locator('main h2').first()).toBeVisible();
    await checkA11y(page);

    await page.getByRole('link', { name: l.back }).first().click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/ego-to-eden$`));
  });

  test(`${l.lang}: /unity lists the second blog, canonical on its long address`, async ({ page }) => {
    await page.goto(`${l.prefix}/unity`);
    await expect(page.getByRole('heading', { level: 1, name: l.unityTitle })).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(6);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${l.prefix}/eenheid-gezien-door-het-enkele-oog$`),
    );
    await page.getByRole('link', { name: l.newest }).click();
    await expect(page).toHaveURL(
      new RegExp(`${l.prefix}/blog/eenheid-gezien-door-het-enkele-oog/als-je-oog-enkel-is$`),
    );
  });

  test(`${l.lang}: an unknown article shows the not-found state with a way back`, async ({ page }) => {
    const response = await page.goto(`${l.prefix}/blog/ego-to-eden/does-not-exist`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    await expect(page.getByRole('heading', { level: 1, name: l.notFound })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await checkA11y(page);
    await page.getByRole('link', { name: l.back }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/ego-to-eden$`));
  });
}

test('an unknown blog falls back to /blog', async ({ page }) => {
  const response = await page.goto('/en/blog/no-such-blog/anything');
  expect(response?.status()).toBe(404);
  await page.getByRole('link', { name: 'Back to the blog' }).click();
  await expect(page).toHaveURL(/\/en\/blog$/);
});

test('list pages cut a missing excerpt from the body at 150 characters', async ({ page }) => {
  await page.goto('/en/ego-to-eden');
  // "The garden was never closed" has no merchant excerpt in the local catalog.
  const card = page.locator('main article', {
    has: page.getByRole('link', { name: 'The garden was never closed' }),
  });
  const text = (await card.locator('p').last().textContent()) ?? '';
  expect(text.startsWith('The old story says')).toBe(true);
  expect(text.endsWith('…')).toBe(true);
  expect(text.length).toBeLessThanOrEqual(151);
});

test('merchant HTML cannot run code on an article page', async ({ page }) => {
  const errors: string[] = [];
  page.on('dialog', (d) => {
    errors.push(d.message());
    void d.dismiss();
  });
  // This article's Dutch body carries a script, an onclick and a javascript: link.
  await page.goto('/blog/ego-to-eden/de-stem-in-je-hoofd');
  // The javascript: link survives as text without an href.
  const link = page.locator('main a', { hasText: 'Meer over stilte' });
  await expect(link).toBeVisible();
  await expect(link).not.toHaveAttribute('href', /.*/);
  expect(await page.evaluate(() => document.documentElement.dataset.injected)).toBeUndefined();
  await expect(page.locator('main script')).toHaveCount(0);
  await expect(page.locator('main [onclick]')).toHaveCount(0);
  await expect(page.locator('main a[href^="javascript:" i]')).toHaveCount(0);
  await link.click();
  expect(errors).toEqual([]);
});
