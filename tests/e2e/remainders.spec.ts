import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { communityMessages } from '../../src/i18n/messages/community.ts';
import { errorMessages } from '../../src/i18n/messages/errors.ts';
import { moderationMessages } from '../../src/i18n/messages/moderation.ts';
import { ANON_KEY } from '../../supabase/local/keys.ts';
import { postCard } from './community-helpers.ts';
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';
import { API, contextFor, type Member, newMember } from './messages-helpers.ts';

/*
 * Issue 24, the remainders: counted texts in Dutch, failure toasts that say why in the page's
 * language, and old filter links on prerendered shop pages answered by the server.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/** supabase-js signed in as `member` (their session's access token). */
function as(member: Member): SupabaseClient {
  const { access_token } = JSON.parse(member.session) as { access_token: string };
  return createClient(API, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${access_token}` } },
  });
}

async function newPost(author: Member, title: string): Promise<string> {
  const { data, error } = await as(author)
    .from('posts')
    .insert({ title, content: 'Tekst', user_id: author.id })
    .select('id')
    .single();
  if (error) throw new Error(JSON.stringify(error));
  return (data as { id: string }).id;
}

test('nl: a post with one report reads "1 melding" in the moderation queue, not "1 meldingen"', async ({
  page,
}) => {
  const nl = moderationMessages.nl;
  const [author, reporter] = await Promise.all([newMember('Auteur Een'), newMember('Melder Een')]);
  const title = `Eén melding ${Date.now()}`;
  const postId = await newPost(author, title);
  const { error } = await as(reporter)
    .from('reports')
    .insert({ reporter_id: reporter.id, post_id: postId, reason: 'spam' });
  expect(error).toBeNull();

  await storeSession(page, 'admin@example.com');
  await page.goto('/community/moderation');
  await waitForHydration(page);
  const entry = page.getByRole('article', { name: `${nl['moderation.kind.post']}: ${title}` });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('1 melding', { exact: true })).toBeVisible();
  await expect(entry.getByText('1 meldingen')).toHaveCount(0);
});

test('nl: a like that cannot be saved says what failed and why, in Dutch', async ({ browser }) => {
  const nl = { ...communityMessages.nl, ...errorMessages.nl };
  const member = await newMember('Leuk Vinder');
  const title = `Niet bewaard ${Date.now()}`;
  await newPost(member, title);
  const { page } = await contextFor(browser, member);
  await page.goto('/community');
  const card = postCard(page, title);
  // The first read can take long on a loaded machine; the live channel is not needed here.
  await expect(card).toBeVisible({ timeout: 60_000 });

  // The connection drops just for the like.
  await page.route('**/rest/v1/likes**', (route) => route.abort('failed'));
  await card.getByRole('button', { name: nl['community.like.like'] }).click();
  const toast = page.getByRole('alert').filter({ hasText: nl['community.like.error'] });
  await expect(toast).toBeVisible();
  // Before: the title alone, nothing about why (and never the English "TypeError: Failed to fetch").
  await expect(toast).toContainText(nl['error.fetch_failed']);
  await expect(toast).not.toContainText(/fetch|TypeError/i);
});

test('an old filter link on a prerendered shop page gets a 308 from the server, then shows the filter', async ({
  page,
  request,
}) => {
  for (const [old, target] of [
    ['/de/shop?filter.v.option.kleur=Zwart', '/de/shop?filter.v.option.color=black'],
    [
      '/shop/page/2?sort=title&filter.v.option.gr%C3%B6%C3%9Fe=XL',
      '/shop/page/2?sort=title&filter.v.option.size=xl',
    ],
    ['/en/shop?filter.v.option.color=Black', '/en/shop?filter.v.option.color=black'],
  ] as const) {
    const response = await request.get(old, { maxRedirects: 0 });
    expect(response.status(), old).toBe(308);
    expect(response.headers()['location'], old).toBe(target);
  }
  // Already language-neutral: the page itself.
  expect((await request.get('/de/shop?filter.v.option.color=black', { maxRedirects: 0 })).status()).toBe(200);

  await page.goto('/de/shop?filter.v.option.kleur=Zwart');
  await expect(page).toHaveURL(/\/de\/shop\?filter\.v\.option\.color=black$/);
  await waitForHydration(page);
  await expect(page.locator('input[name="filter.v.option.color"][value="black"]')).toBeChecked();
});
