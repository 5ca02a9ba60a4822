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
