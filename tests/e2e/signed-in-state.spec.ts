import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { homeMessages } from '../../src/i18n/messages/home.ts';
import { ANON_KEY } from '../../supabase/local/keys.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { API, contextFor, type Member, newMember } from './messages-helpers.ts';

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
    // Whoever wrote the latest posts (other tests post too): every one is named now.
    await expect
      .poll(async () => {
        const signedIn = await authors(page).allTextContents();
        return signedIn.length > 0 && signedIn.every((a) => a.trim() !== '' && a !== anonymous);
      })
      .toBe(true);
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

/*
 * The header follows name and role changes made elsewhere (the member in another tab, an admin)
 * without a reload and without a realtime client of its own (issue 14, "one realtime client"):
 * where the page loads supabase-js anyway the change arrives at once through the page's one client;
 * on a content page (no supabase-js) it is re-read when the tab gets focus again and by a slow poll
 * while the tab is visible (first after 30 s), so there it is not instant.
 */
async function adminSetRole(userId: string, role: 'client' | 'member') {
  const admin = createClient(API, ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
  const signedIn = await admin.auth.signInWithPassword({
    email: 'admin@example.com',
    password: 'password123',
  });
  expect(signedIn.error).toBeNull();
  const { error } = await admin.rpc('admin_set_role', { target_user_id: userId, new_role: role });
  expect(error).toBeNull();
}

async function rename(member: Member, name: string) {
  const session = JSON.parse(member.session) as { access_token: string };
  const response = await fetch(`${API}/rest/v1/profiles?user_id=eq.${member.id}`, {
    method: 'PATCH',
    headers: {
      apikey: ANON_KEY,
      authorization: `Bearer ${session.access_token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ display_name: name }),
  });
  expect(response.ok).toBe(true);
}

function watchNetwork(page: Page) {
  const seen = { websockets: [] as string[], fromSupabaseJs: [] as string[], joined: [] as string[] };
  page.on('websocket', (ws) => {
    seen.websockets.push(ws.url());
    ws.on('framereceived', ({ payload }) => {
      // Phoenix vsn 2 frames: [join_ref, ref, topic, event, payload]
      const frame = JSON.parse(String(payload)) as [unknown, unknown, string, string, { status?: string }];
      if (frame[3] === 'phx_reply' && frame[4]?.status === 'ok') seen.joined.push(frame[2]);
    });
  });
  page.on('request', (request) => {
    if (request.headers()['x-client-info']?.startsWith('supabase-js'))
      seen.fromSupabaseJs.push(request.url());
  });
  return seen;
}

test('on a content page the header re-reads the profile on focus and by a slow poll, with no websocket', async ({
  browser,
}) => {
  const member = await newMember('Bram Bakker');
  const { context, page } = await contextFor(browser, member);
  const seen = watchNetwork(page);
  await page.clock.install();
  await page.goto('/en/about');
  const initial = page.locator('[data-user-initial]');
  // The Timeline Alchemy entry in the (closed) account menu, shown to clients and admins only.
  const taEntry = page.locator('[data-ta-entry]');
  await expect(initial).toHaveText('B');
  await expect(taEntry).toHaveAttribute('hidden');

  // Renamed in another tab: coming back to this one (focus) re-reads at once.
  await rename(member, 'Zora Bakker');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(initial).toHaveText('Z');

  // An admin makes them a client: the poll (30 s after the last read) shows it, no reload.
  await adminSetRole(member.id, 'client');
  await page.clock.runFor(5_000);
  await expect(taEntry).toHaveAttribute('hidden');
  await page.clock.runFor(30_000);
  await expect(taEntry).not.toHaveAttribute('hidden');
  await expect(initial).toHaveText('Z');

  expect(seen.websockets, 'no realtime client on a content page').toEqual([]);
  expect(seen.fromSupabaseJs, 'a content page never loads supabase-js').toEqual([]);
  await context.close();
});

test('where supabase-js is loaded the profile change arrives at once, through the page’s one realtime client', async ({
  browser,
}) => {
  const member = await newMember('Bram Visser');
  const { context, page } = await contextFor(browser, member);
  const seen = watchNetwork(page);
  await page.goto('/en/community');
  await waitForHydration(page);
  const initial = page.locator('[data-user-initial]');
  await expect(initial).toHaveText('B');
  // The header's profile channel joins on the page's own socket.
  await expect.poll(() => seen.joined.some((topic) => topic.startsWith('realtime:profiles-'))).toBe(true);

  await rename(member, 'Zora Visser');
  await expect(initial).toHaveText('Z'); // well within the 30 s poll: this is the live channel
  await adminSetRole(member.id, 'client');
  await expect(page.locator('[data-ta-entry]')).not.toHaveAttribute('hidden');
  expect(seen.websockets, 'one realtime client per page').toHaveLength(1);
  await context.close();
});
