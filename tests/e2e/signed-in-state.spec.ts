import type { Page } from '@playwright/test';
import { homeMessages } from '../../src/i18n/messages/home.ts';
import { ANON_KEY } from '../../supabase/local/keys.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

/*
 * Against the local stack, unstubbed: names on the home page's community posts for members only,
 * and a header that stays true on a page left open (token refresh before expiry, profile changes).
 */
async function signIn(page: Page, email: string, prefix: string) {
  await page.goto(`${prefix}/auth`);
  await waitForHydration(page);
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/^(Password|Wachtwoord|Passwort)$/).fill('password123');
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^(Log in|Inloggen|Anmelden)$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/$`));
}

const authors = (page: Page) => page.locator('latest-posts [data-field="author"]');

for (const lang of ['nl', 'de'] as const) {
  const prefix = lang === 'nl' ? '' : `/${lang}`;
  const m = homeMessages[lang];
  const anonymous = m['home.posts.by'].replace('{name}', m['home.posts.unknownAuthor']);

  test(`${lang}: signed-out visitors see anonymous posts, signed-in members see names`, async ({ page }) => {
    await page.goto(`${prefix}/`);
    await page.locator('latest-posts').scrollIntoViewIfNeeded();
    await expect(authors(page).first()).toBeVisible({ timeout: 15_000 });
    const signedOut = await authors(page).allTextContents();
    expect(signedOut.length).toBeGreaterThan(0);
    expect(new Set(signedOut)).toEqual(new Set([anonymous]));

    await signIn(page, 'emma@example.com', prefix);
    await page.locator('latest-posts').scrollIntoViewIfNeeded();
    await expect(authors(page).first()).toBeVisible({ timeout: 15_000 });
    await expect(authors(page).filter({ hasText: 'Emma Bakker' }).first()).toBeVisible();
    const signedIn = await authors(page).allTextContents();
    expect(signedIn.filter((a) => a === anonymous)).toEqual([]);
  });
}

test('the header refreshes the token shortly before it expires, on a page left open', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'noah@example.com', '/en');
  // A page that needs no data: supabase-js is not loaded here until the refresh needs it.
  await page.goto('/en/about');
  const account = page.getByRole('button', { name: 'Account menu for noah@example.com' });
  await expect(account).toBeVisible();
  const read = () =>
    page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token')) ?? '';
      const s = JSON.parse(localStorage.getItem(key) ?? '{}') as {
        access_token?: string;
        expires_at?: number;
      };
      return { token: s.access_token ?? '', expiresAt: s.expires_at ?? 0 };
    });
  const before = await read();
  const refreshed = page.waitForRequest((r) => r.url().includes('/auth/v1/token?grant_type=refresh_token'));
  // Nothing happens well before expiry...
  await page.clock.runFor(60_000);
  expect((await read()).token).toBe(before.token);
  // ...and the refresh comes once 90 s or less remain.
  const secondsLeft = before.expiresAt - Math.floor((await page.evaluate(() => Date.now())) / 1000);
  await page.clock.runFor((secondsLeft - 85) * 1000);
  await refreshed;
  await expect.poll(async () => (await read()).token).not.toBe(before.token);
  await expect(account).toBeVisible();
});

test('the header follows a change to the member’s own profile without a reload', async ({ page }) => {
  const backend = `http://127.0.0.1:${process.env.E2E_BACKEND_PORT ?? 24521}`;
  await signIn(page, 'bram@example.com', '/en');
  const initial = page.locator('[data-user-initial]');
  await expect(initial).toHaveText('B');
  const session = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token')) ?? '';
    return JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string; user: { id: string } };
  });
  // The member renames themself elsewhere (the profile page in another tab, another device).
  const rename = (name: string) =>
    page.request.patch(`${backend}/rest/v1/profiles?user_id=eq.${session.user.id}`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}` },
      data: { display_name: name },
    });
  try {
    expect((await rename('Zora Peters')).ok()).toBe(true);
    await expect(initial).toHaveText('Z');
  } finally {
    await rename('Bram Peters');
  }
  await expect(initial).toHaveText('B');
});
