import { createClient } from '@supabase/supabase-js';
import { ANON_KEY } from '../../supabase/local/keys.ts';
import { type Member, newMember, postCard } from './community-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { backend, sessionContext } from './member-helpers.ts';

/*
 * A signed-in page renders from the stored session at once (useGate, issue 26): the auth server's
 * `getUser` answer is awaited in the background, not before the first content. A session the auth
 * server no longer knows (revoked) is still sent to sign in when that answer comes.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(90_000);

let member: Member;
let title: string;
const comment = `A comment read after the posts ${Date.now()}`;
test.beforeAll(async () => {
  member = await newMember('First Screen');
  title = `Shown before the auth server answers ${Date.now()}`;
  const db = createClient(backend, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${member.session.access_token}` } },
  });
  const { data, error } = await db
    .from('posts')
    .insert({ title, content: 'Text', user_id: member.id })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const added = await db.from('comments').insert({ post_id: data.id, user_id: member.id, content: comment });
  if (added.error) throw new Error(added.error.message);
});

test('the first posts render while their comments are still being read, with the space kept', async ({
  browser,
}) => {
  const { context, page } = await sessionContext(browser, member.session);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(/\/rest\/v1\/comments\?/, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    held++;
    await released;
    await route.continue().catch(() => undefined);
  });
  await page.goto('/en/community');
  const card = postCard(page, title);
  await expect(card).toBeVisible();
  // The count is the server's; the comment's place is kept until it arrives.
  await expect(card.getByTestId('comment-count')).toHaveText('1 comment');
  await expect(card.locator('[data-comment-placeholder]')).toHaveCount(1);
  await expect(card.getByText(comment)).toHaveCount(0);
  expect(held).toBeGreaterThan(0);
  expect(await page.evaluate(() => performance.getEntriesByName('first-content').length)).toBe(1);
  release();
  await expect(card.getByText(comment)).toBeVisible();
  await expect(card.locator('[data-comment-placeholder]')).toHaveCount(0);
  await expect(card.getByTestId('comment-count')).toHaveText('1 comment');
  await context.close();
});

test('the feed renders while the auth server has not answered getUser yet', async ({ browser }) => {
  const { context, page } = await sessionContext(browser, member.session);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/auth\/v1\/user(\?.*)?$/, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    asked = true;
    await released;
    await route.continue().catch(() => undefined);
  });
  await page.goto('/en/community');
  await expect(postCard(page, title)).toBeVisible();
  expect(asked).toBe(true);
  release();
  await context.close();
});

test('a session revoked on the server is sent to sign in', async ({ browser }) => {
  // Its own session (the other test keeps the first), then signed out everywhere on the server:
  // the stored access token is still a valid JWT, but the auth server knows no such session.
  const revoked = await newMember('Revoked Session');
  const logout = await fetch(`${backend}/auth/v1/logout?scope=global`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${revoked.session.access_token}` },
  });
  expect(logout.status).toBe(204);
  // Stored once (sessionContext would put it back on every page, and /auth would send it on).
  const context = await browser.newContext();
  await context.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(key, value);
    },
    [`sb-${new URL(backend).hostname.split('.')[0]}-auth-token`, JSON.stringify(revoked.session)] as const,
  );
  const page = await context.newPage();
  await page.goto('/en/community');
  await expect(page).toHaveURL(/\/en\/auth\?next=%2Fen%2Fcommunity$/);
  await context.close();
});
