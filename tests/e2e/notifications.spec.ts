import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY } from '../../supabase/local/keys.ts';
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts';
import { API, contextFor, type Member, newMember } from './messages-helpers.ts';

// Issue 22: the bell in the header counts notifications live, the /notifications page links to
// the place, "mark all as read" zeroes the count; a blocked member notifies nobody.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 25_000 });

async function apiAs(member: Member): Promise<SupabaseClient> {
  const db = createClient(API, ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await db.auth.signInWithPassword({ email: member.email, password: 'password123' });
  if (error) throw error;
  return db;
}
async function postOf(db: SupabaseClient, title: string): Promise<string> {
  const { data, error } = await db.from('posts').insert({ title, content: 'Text' }).select('id').single();
  if (error) throw error;
  return (data as { id: string }).id;
}

test('en: B comments on A’s post in the browser; A’s bell counts up live, the page links to it, mark all read zeroes it', async ({
  browser,
}) => {
  const a = await newMember('Anna Author');
  const b = await newMember('Bram Commenter');
  const title = `Sunrise ${Date.now()}`;
  const postId = await postOf(await apiAs(a), title);

  const pa = await contextFor(browser, a);
  let navigations = 0;
  pa.page.on('framenavigated', (frame) => {
    if (frame === pa.page.mainFrame()) navigations++;
  });
  await pa.page.goto('/en/community');
  await expect(pa.page.locator('[data-live="live"]')).toBeAttached({ timeout: 15_000 });
  const bell = pa.page.locator('[data-notification-bell]');
  await expect(bell).toBeVisible();
  await expect(bell.locator('[data-notification-count]')).toBeHidden();

  const pb = await contextFor(browser, b);
  await pb.page.goto('/en/community');
  await waitForHydration(pb.page);
  const card = pb.page
    .getByRole('article')
    .filter({ has: pb.page.getByRole('heading', { name: title, exact: true }) });
  await card.getByLabel('Write a comment').fill('Beautiful!');
  await card.getByLabel('Write a comment').press('Enter');

  // Live, through the community page's realtime connection: well under the polling interval.
  await expect(bell.locator('[data-notification-count]')).toHaveText('1', { timeout: 8_000 });
  await expect(bell).toHaveAttribute('aria-label', 'Notifications, 1 unread');
  expect(navigations, 'no reload').toBe(1);

  // On a signed-in page the bell opens a panel that links to the comment's post, and to the page.
  await bell.click();
  const panel = pa.page.locator('[data-notification-panel]');
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('link', { name: `Bram Commenter commented on “${title}”` })).toHaveAttribute(
    'href',
    `/en/community#post-${postId}`,
  );
  await panel.getByRole('link', { name: 'Notifications', exact: true }).click();
  await expect(pa.page).toHaveURL(/\/en\/notifications\/?$/);
  const entry = pa.page.getByRole('link', { name: `Bram Commenter commented on “${title}”` });
  await expect(entry).toHaveAttribute('href', `/en/community#post-${postId}`);
  await expect(pa.page.locator('[data-testid="notification-list"] li[data-unread]')).toHaveCount(1);

  await pa.page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(
    pa.page.getByRole('status').filter({ hasText: 'All notifications are marked as read.' }),
  ).toBeVisible();
  await expect(pa.page.locator('[data-testid="notification-list"] li[data-unread]')).toHaveCount(0);
  await expect(pa.page.locator('[data-notification-count]')).toBeHidden();
  await pa.context.close();
  await pb.context.close();
});

test('nl: on a content page the bell counts without supabase-js; a blocked member’s comment notifies nobody', async ({
  browser,
}) => {
  const a = await newMember('Anna Auteur');
  const b = await newMember('Bas Bezoeker');
  const c = await newMember('Cor Geblokkeerd');
  const d = await newMember('Dirk Derde');
  const [dbA, dbB, dbC, dbD] = await Promise.all([a, b, c, d].map(apiAs));
  const aPost = await postOf(dbA as SupabaseClient, 'Ochtendlicht');
  const dPost = await postOf(dbD as SupabaseClient, 'Avondrood');
  // A commented on D's post earlier, then blocked C.
  expect(
    (await (dbA as SupabaseClient).from('comments').insert({ post_id: dPost, content: 'Mooi' })).error,
  ).toBeNull();
  expect(
    (await (dbA as SupabaseClient).from('blocks').insert({ blocker_id: a.id, blocked_id: c.id })).error,
  ).toBeNull();

  const pa = await contextFor(browser, a);
  const fromSupabaseJs: string[] = [];
  pa.page.on('request', (request) => {
    if (request.headers()['x-client-info']?.startsWith('supabase-js')) fromSupabaseJs.push(request.url());
  });
  await pa.page.goto('/');
  await waitForHydration(pa.page);
  const bell = pa.page.locator('[data-notification-bell]');
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAttribute('aria-label', 'Meldingen');

  // C answers on D's post (where A commented too): A hears nothing of it, D does.
  expect(
    (await (dbC as SupabaseClient).from('comments').insert({ post_id: dPost, content: 'Hoi' })).error,
  ).toBeNull();
  // B comments on A's post: A's bell counts it (polled on a content page).
  expect(
    (await (dbB as SupabaseClient).from('comments').insert({ post_id: aPost, content: 'Prachtig' })).error,
  ).toBeNull();
  await expect(bell.locator('[data-notification-count]')).toHaveText('1');
  await expect(bell).toHaveAttribute('aria-label', 'Meldingen, 1 ongelezen');
  expect(fromSupabaseJs, 'a content page never loads supabase-js').toEqual([]);

  await pa.page.goto('/notifications');
  await expect(
    pa.page.getByRole('link', { name: 'Bas Bezoeker reageerde op “Ochtendlicht”' }),
  ).toHaveAttribute('href', `/community#post-${aPost}`);
  await expect(pa.page.locator('[data-testid="notification-list"] li')).toHaveCount(1);
  await expect(pa.page.getByText(/Cor Geblokkeerd/)).toHaveCount(0);
  const { data: toD } = await (dbD as SupabaseClient).from('notifications').select('actor_ids');
  expect(JSON.stringify(toD)).toContain(c.id);
  await pa.context.close();
});
