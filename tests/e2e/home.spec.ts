import { existsSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';

/*
 * The home page: hero, featured products, the newsletter anchor and the latest community posts.
 * The posts' backend answers are stubbed per test (loading, error + Try Again, empty, list), so
 * each state is shown deterministically; the real queries are the same supabase-js calls.
 */
const langs = [
  { lang: 'nl', prefix: '', temple: 'Betreed de Digitempel', blog: 'Lees het blog', members: '144.000' },
  {
    lang: 'en',
    prefix: '/en',
    temple: 'Enter the Digital Temple',
    blog: 'Read the blog',
    members: '144,000',
  },
  { lang: 'de', prefix: '/de', temple: 'Den Digitalen Tempel betreten', blog: 'Zum Blog', members: '1.000' },
] as const;

const posts = Array.from({ length: 6 }, (_, i) => ({
  id: `p${i}`,
  title: i === 0 ? '<img src=x onerror="window.__hacked=1">' : `Post ${i}`,
  content: `${'Stilte is geen leegte. '.repeat(20)}${i}`,
  created_at: new Date(Date.UTC(2026, 10, 20 - i, 9)).toISOString(),
  user_id: `u${i % 2}`,
}));

async function stubBackend(page: Page, postsAnswer: (route: Route) => Promise<void>) {
  await page.route('**/rest/v1/posts*', postsAnswer);
  await page.route('**/rest/v1/profiles*', (route) =>
    route.fulfill({
      json: [{ user_id: 'u0', display_name: 'Miriam' }],
      headers: { 'content-range': '0-0/1' },
    }),
  );
}

for (const l of langs) {
  test(`${l.lang}: hero, featured products and no React up front`, async ({ page }) => {
    // What each script is, by its content (file names are hashes: our own small
    // lib/supabase/client chunk must not be mistaken for React's client).
    const heavy: Promise<string | null>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      heavy.push(
        r.text().then(
          (body) => (/Minified React error|supabase-js/.test(body) ? r.url() : null),
          () => null,
        ),
      );
    });
    await page.goto(`${l.prefix}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    await expect(page.getByRole('link', { name: l.temple })).toHaveAttribute(
      'href',
      `${l.prefix}/digitempel`,
    );
    await expect(page.getByRole('link', { name: l.blog, exact: true })).toHaveAttribute(
      'href',
      `${l.prefix}/blog`,
    );
    await expect(page.getByText(l.members)).toBeVisible();
    const products = page.locator('section[aria-labelledby="featured-heading"] li');
    expect(await products.count()).toBeGreaterThan(0);
    expect(await products.count()).toBeLessThanOrEqual(4);
    await expect(page.locator('#newsletter')).toHaveCount(1);
    // The hero picture is fetched first; nothing has loaded supabase-js or React yet.
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(1);
    expect((await Promise.all(heavy)).filter(Boolean)).toEqual([]);
    await checkA11y(page);
  });
}

test('latest posts load when scrolled near and render member text as text', async ({ page }) => {
  let asked = 0;
  await stubBackend(page, async (route) => {
    asked++;
    await route.fulfill({ json: posts, headers: { 'content-range': '0-5/6' } });
  });
  await page.goto('/en/');
  await page.waitForTimeout(300);
  expect(asked, 'no request before the section is near').toBe(0);
  await page.getByRole('heading', { name: 'Latest from the community' }).scrollIntoViewIfNeeded();
  const list = page.locator('latest-posts ul');
  await expect(list.locator('li')).toHaveCount(6);
  expect(asked).toBe(1);
  const first = list.locator('li').first();
  await expect(first.getByRole('link')).toHaveText('<img src=x onerror="window.__hacked=1">');
  await expect(first.getByRole('link')).toHaveAttribute('href', '/en/community#post-p0');
  await expect(first).toContainText('by Miriam');
  await expect(list.locator('li').nth(1)).toContainText('by A member');
  const excerpt = (await first.locator('p').last().textContent()) ?? '';
  expect(excerpt.endsWith('…')).toBe(true);
  expect(excerpt.length).toBeLessThanOrEqual(201);
  expect(await page.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined();
  await checkA11y(page);
});

test('latest posts: an error offers Try Again, which loads them', async ({ page }) => {
  let fail = true;
  await stubBackend(page, async (route) => {
    if (fail) await route.fulfill({ status: 500, json: { message: 'boom', code: 'XX000' } });
    else await route.fulfill({ json: posts.slice(0, 2), headers: { 'content-range': '0-1/2' } });
  });
  await page.goto('/');
  await page.locator('#newsletter').scrollIntoViewIfNeeded();
  await page.getByRole('heading', { name: 'Nieuw in de community' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('alert')).toHaveText('Fout bij het laden van berichten');
  fail = false;
  await page.getByRole('button', { name: 'Opnieuw proberen' }).click();
  await expect(page.locator('latest-posts ul li')).toHaveCount(2);
});

test('latest posts: empty, signed out, offers to log in', async ({ page }) => {
  await stubBackend(page, (route) => route.fulfill({ json: [], headers: { 'content-range': '*/0' } }));
  await page.goto('/de/');
  await page.getByRole('heading', { name: 'Neu in der Community' }).scrollIntoViewIfNeeded();
  await expect(page.getByText('Noch hat niemand etwas geteilt.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Anmelden, um zu posten' })).toHaveAttribute(
    'href',
    '/de/auth',
  );
  await expect(page.getByRole('link', { name: 'Ersten Beitrag erstellen' })).toBeHidden();
});

test('latest posts: empty, signed in, offers to create the first post', async ({ page }) => {
  await stubBackend(page, (route) => route.fulfill({ json: [], headers: { 'content-range': '*/0' } }));
  await page.route('**/auth/v1/**', (route) => route.fulfill({ status: 200, json: {} }));
  // A stored session as supabase-js keeps it (the local stack's host gives the key sb-127-...).
  await page.addInitScript(() => {
    const now = Math.floor(Date.now() / 1000);
    const user = {
      id: 'u0',
      aud: 'authenticated',
      role: 'authenticated',
      email: 'miriam@example.com',
      app_metadata: {},
      user_metadata: {},
      created_at: new Date().toISOString(),
    };
    const session = {
      access_token: 'test',
      refresh_token: 'test',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: now + 3600,
      user,
    };
    for (const key of Object.keys(localStorage)) if (key.startsWith('sb-')) localStorage.removeItem(key);
    localStorage.setItem('sb-127-auth-token', JSON.stringify(session));
  });
  await page.goto('/en/');
  await page.getByRole('heading', { name: 'Latest from the community' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('link', { name: 'Create the first post' })).toHaveAttribute(
    'href',
    '/en/community',
  );
  await expect(page.getByRole('link', { name: 'Log in to post' })).toBeHidden();
});

test('latest posts come from the local Supabase stack (unstubbed)', async ({ page }) => {
  test.skip(!existsSync('supabase/local/cli.ts'), 'no local stack in this tree');
  await page.goto('/');
  await page.getByRole('heading', { name: 'Nieuw in de community' }).scrollIntoViewIfNeeded();
  const items = page.locator('latest-posts ul li');
  await expect(items.first()).toBeVisible({ timeout: 15_000 });
  expect(await items.count()).toBeLessThanOrEqual(6);
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(items.first().getByRole('link')).toHaveAttribute('href', /^\/community#post-/);
});
