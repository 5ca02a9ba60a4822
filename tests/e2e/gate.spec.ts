import { expect, test } from './fixtures.ts';

// A visitor without a session on a gated page is sent to sign in by the page's first inline
// script (SessionGate), before any module runs: the browser's preload scanner may fetch the module
// files the HTML names, but none of them runs, so nothing they import (React, the data client,
// the page's app) is ever requested.
const gated = [
  { path: '/community', auth: '/auth' },
  { path: '/en/messages', auth: '/en/auth' },
  { path: '/de/profile', auth: '/de/auth' },
  { path: '/en/timeline-alchemy/admin/dashboard', auth: '/en/auth' },
  { path: '/friends?tab=requests#top', auth: '/auth' },
];

for (const { path, auth } of gated) {
  test(`no session: ${path} goes to ${auth} without running any of its modules`, async ({ page }) => {
    const scripts: string[] = [];
    let left = false;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.isNavigationRequest() && url.pathname === auth) left = true;
      else if (!left && request.resourceType() === 'script') scripts.push(url.pathname);
    });
    await page.goto(path);
    await expect(page).toHaveURL(`${auth}?next=${encodeURIComponent(path)}`);
    const html = await (await page.request.get(path)).text();
    const entries = new Set([...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => m[1]));
    expect(scripts.filter((s) => !entries.has(s))).toEqual([]);
  });
}

test('a stored session passes the first gate (useGate then asks the auth server)', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token')) ?? 'sb-127-auth-token';
    localStorage.setItem(key, 'not a session');
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/community');
  // The page's own module loaded: the inline gate let it through; useGate sends the visitor on.
  await expect(page).toHaveURL(/\/auth\?next=%2Fcommunity$/);
  expect(scripts.some((s) => s.includes('community.astro'))).toBe(true);
});

test('no session: the gated page stops its own loading before it leaves, so the sign-in page has the line alone', async ({
  page,
}) => {
  // A phone's network, slowed where it shows: the files the gated page names take a moment, and
  // the sign-in page longer. Without the gate's stop() those files go on downloading beside the
  // sign-in page's request (and the rest of the gated page's HTML with them).
  await page.route('**/_astro/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.route('**/en/auth?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  // Until the sign-in page answers, the tab is still the gated page's.
  let answered = false;
  const finished: string[] = [];
  const cancelled: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/en/auth') answered = true;
  });
  page.on('requestfinished', (request) => {
    if (!answered && request.url().includes('/_astro/')) finished.push(new URL(request.url()).pathname);
  });
  page.on('requestfailed', (request) => {
    if (!answered) cancelled.push(new URL(request.url()).pathname);
  });
  await page.goto('/en/community');
  await expect(page).toHaveURL('/en/auth?next=%2Fen%2Fcommunity');
  expect(finished).toEqual([]);
  expect(cancelled.some((path) => path.includes('community.astro'))).toBe(true);
});

test.describe('the sign-in page before any script runs', () => {
  test.use({ javaScriptEnabled: false });
  // Its first paint (the heading, the form) needs the HTML and its inline CSS alone: the island
  // only hydrates a form that is already there.
  for (const { path, heading, email, password, submit } of [
    {
      path: '/auth',
      heading: 'Welkom in de community',
      email: 'E-mailadres',
      password: 'Wachtwoord',
      submit: 'Inloggen',
    },
    {
      path: '/de/auth',
      heading: 'Willkommen in der Community',
      email: 'E-Mail-Adresse',
      password: 'Passwort',
      submit: 'Anmelden',
    },
  ]) {
    test(`${path}: the heading and the sign-in form are in the HTML`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByLabel(email)).toBeVisible();
      await expect(page.getByLabel(password, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: submit, exact: true })).toBeVisible();
    });
  }
});
