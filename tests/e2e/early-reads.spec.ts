import type { Page, Request } from '@playwright/test';
import { type Member, newMember } from './community-helpers.ts';
import { expect, test } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';

/*
 * A signed-in page starts its first reads with the stored token before React and the data client
 * have loaded (src/lib/supabase/early.ts, issue 26 point 3). The proof: the data client's chunk
 * (known by the client-info header it sends, as scripts/js-budget.ts finds it) is held back until
 * the page's first query has been requested; without the early start that query could only come
 * from the data client, so it would never be requested while the chunk is held.
 */

const DATA_CLIENT = /supabase-js(?:-parts)?\/\d/;
const HOLD_MS = 6_000;

type Seen = { rest: string[]; beforeClient: string[] | null };

/** Holds the data client's chunk until `until` has been requested (or HOLD_MS passed). */
async function holdDataClient(page: Page, until: RegExp, holdMs = HOLD_MS): Promise<Seen> {
  const seen: Seen = { rest: [], beforeClient: null };
  let arrived: () => void = () => undefined;
  const queried = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.includes('/rest/v1/')) return;
    const what = `${request.method()} ${url.pathname.replace(/.*\/rest\/v1\//, '')}${url.search}`;
    seen.rest.push(what);
    if (until.test(what)) arrived();
  });
  await page.route(/\.js(\?.*)?$/, async (route) => {
    // A request the loaded machine drops is passed on as it is (the page asks again if it must).
    const response = await route.fetch().catch(() => null);
    if (!response) return route.continue().catch(() => undefined);
    const body = await response.text();
    if (DATA_CLIENT.test(body) && seen.beforeClient === null) {
      await Promise.race([queried, new Promise((resolve) => setTimeout(resolve, holdMs))]);
      seen.beforeClient = [...seen.rest];
    }
    await route.fulfill({ response, body });
  });
  return seen;
}

/** Changes the stored session of the page's origin (supabase-js's key). */
async function editSession(page: Page, edit: (session: Record<string, unknown>) => void) {
  const stored = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token')) ?? '';
    return { key, value: localStorage.getItem(key) };
  });
  const session = JSON.parse(stored.value ?? 'null') as Record<string, unknown>;
  edit(session);
  // Written before any script of the next page runs: the open page's supabase-js would otherwise
  // refresh an expired session in its auto-refresh tick before the test navigates (seen in CI).
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: stored.key,
    value: JSON.stringify(session),
  });
}

const firstContent = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('first-content', 'mark').length > 0, undefined, {
    timeout: 20_000,
  });

// Signing in and a fresh stack under a shared machine's load take their time.
test.setTimeout(90_000);

let member: Member;
test.beforeAll(async () => {
  member = await newMember('Early Reader');
});

test('the feed, the gate and the header counts are requested before the data client has loaded, once', async ({
  page,
}) => {
  await storeSession(page, member.email);
  const seen = await holdDataClient(page, /^GET posts\?/);
  await page.goto('/en/community');
  await firstContent(page);
  const before = seen.beforeClient ?? [];
  expect(before.some((r) => r.startsWith(`GET posts?`) && r.includes(`mine.user_id=eq.${member.id}`))).toBe(
    true,
  );
  expect(before.some((r) => r.startsWith(`GET profiles?select=role`))).toBe(true);
  expect(before.some((r) => r.startsWith('HEAD messages?') && r.includes(member.id))).toBe(true);
  expect(before.some((r) => r.startsWith('HEAD notifications?') && r.includes(member.id))).toBe(true);
  // The feed used the early answer instead of asking again.
  const firstPage = before.find((r) => r.startsWith('GET posts?'));
  expect(seen.rest.filter((r) => r === firstPage)).toHaveLength(1);
});

test('a thread and its list start early on /messages/{id}', async ({ page }) => {
  const other = await newMember('Early Friend');
  await storeSession(page, member.email);
  const seen = await holdDataClient(page, /^POST rpc\/thread_messages/);
  await page.goto(`/en/messages/${other.id}`);
  await expect(page.getByRole('heading', { name: 'Early Friend' })).toBeVisible({ timeout: 20_000 });
  const before = seen.beforeClient ?? [];
  expect(before).toContain('POST rpc/my_conversations');
  expect(before).toContain('POST rpc/thread_messages');
});

test('a profile, its posts, its count and my friendships start early on /user/{id}, the first three read once', async ({
  page,
}) => {
  const other = await newMember('Early Profile');
  await storeSession(page, member.email);
  const seen = await holdDataClient(page, /^HEAD posts\?/);
  await page.goto(`/en/user/${other.id}`);
  await expect(page.getByRole('heading', { name: 'Early Profile' })).toBeVisible({ timeout: 20_000 });
  await firstContent(page);
  const before = seen.beforeClient ?? [];
  const started = [
    before.find((r) => r.startsWith('GET profiles?select=user_id') && r.includes(`user_id=eq.${other.id}`)),
    before.find((r) => r.startsWith('GET posts?') && r.includes(`user_id=eq.${other.id}`)),
    before.find((r) => r.startsWith('HEAD posts?') && r.includes(`user_id=eq.${other.id}`)),
    before.find((r) => r.startsWith('GET friendships?')),
  ];
  expect(started.every(Boolean)).toBe(true);
  // The page took the early answers instead of asking again (the friendships are read again
  // when their live channel joins, by design: src/lib/supabase/live.ts).
  for (const read of started.slice(0, 3)) expect(seen.rest.filter((r) => r === read)).toHaveLength(1);
});

test('an expired stored token starts nothing early; the page refreshes it and reads as before', async ({
  page,
}) => {
  await storeSession(page, member.email);
  await editSession(page, (session) => {
    session['expires_at'] = Math.floor(Date.now() / 1000) - 30;
  });
  // The page the sign-in led to stops here: its header's counts (valid token) are not this page's.
  await page.goto('about:blank');
  // Held for a while: nothing at all is read before the data client has loaded.
  const seen = await holdDataClient(page, /^GET posts\?/, 3_000);
  await page.goto('/en/community');
  await firstContent(page);
  expect(seen.beforeClient).toEqual([]);
  expect(seen.rest.some((r) => r.startsWith('GET posts?'))).toBe(true);
});
