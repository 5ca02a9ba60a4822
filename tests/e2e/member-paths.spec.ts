import { randomUUID } from 'node:crypto';
import { postCard } from './community-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { contextFor, newMember, service } from './messages-helpers.ts';

/*
 * Issue 24, point 7: the member paths that had no test in the UI. Arranged through the API
 * (service role for bulk rows), done and read in the browser, in en, nl and de.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

// 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function must<T>(call: PromiseLike<{ data: T; error: unknown }>): Promise<T> {
  const { data, error } = await call;
  if (error) throw new Error(JSON.stringify(error));
  return data;
}

test('the profile editor saves avatar, name, bio and links, and others see them (en)', async ({
  browser,
}) => {
  const [me, other] = await Promise.all([newMember('Editor Before'), newMember('Profile Viewer')]);
  const { page } = await contextFor(browser, me);
  await page.goto('/en/profile');
  await page.getByLabel('Choose a picture (JPEG, PNG, WebP or GIF)').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByText('Avatar uploaded')).toBeVisible();
  const name = `Editor After ${Date.now()}`;
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Bio', { exact: true }).fill('I write about stillness.');
  await page.getByRole('textbox', { name: 'Instagram' }).fill('https://www.instagram.com/editor_after');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  const { page: viewer } = await contextFor(browser, other);
  await viewer.goto(`/en/user/${me.id}`);
  await expect(viewer.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(viewer.getByText('I write about stillness.')).toBeVisible();
  await expect(viewer.locator('a[href="https://www.instagram.com/editor_after"]')).toBeVisible();
  await expect(viewer.locator(`img[src*="user-avatars/${me.id}/avatar"]`).first()).toBeVisible();
});

test('the member directory shows 8 first, the rest on "show more", and finds by name (nl)', async ({
  browser,
}) => {
  const tag = `Zoek${randomUUID().slice(0, 6)}`;
  const members = await Promise.all(Array.from({ length: 9 }, (_, n) => newMember(`${tag} Lid ${n + 1}`)));
  const viewer = await newMember('Directory Kijker');
  const { page } = await contextFor(browser, viewer);
  await page.goto('/community');
  const directory = page.getByRole('region', { name: 'Leden' });
  const items = directory.getByTestId('member-list').getByRole('listitem');
  await expect(items).toHaveCount(8);
  await directory.getByRole('button', { name: /^Toon \d+ meer$/ }).click();
  await expect.poll(() => items.count()).toBeGreaterThan(8);
  await directory.getByLabel('Zoek leden op naam').fill(tag.toLowerCase());
  await expect(items).toHaveCount(9);
  await items
    .filter({ hasText: `${tag} Lid 9` })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`/user/${members[8]?.id}`));
});

test('the feed pages older posts in, and a deep link to a post beyond the first page opens it (en)', async ({
  browser,
}) => {
  const author = await newMember('Paging Author');
  const stamp = Date.now();
  const ids: string[] = [];
  // Dated long before any other post (the seed's, and every other test's), the first the oldest:
  // they are the feed's last posts, so they never push another test's post off the first page
  // (tests run in parallel and look for their posts there), and #0 is never on the first page.
  for (let n = 0; n < 23; n++) {
    const row = await must(
      service
        .from('posts')
        .insert({
          title: `Paged ${stamp} #${n}`,
          content: 'Text',
          user_id: author.id,
          created_at: new Date(Date.UTC(2001, 0, 1, 0, n)).toISOString(),
        })
        .select('id')
        .single(),
    );
    ids.push((row as { id: string }).id);
  }
  const { page } = await contextFor(browser, author);
  await page.goto('/en/community');
  const oldest = postCard(page, `Paged ${stamp} #0`);
  // The first page: the newest posts (at least one, the seed's), not the oldest.
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(oldest).toHaveCount(0);
  // Older pages come in as the reader scrolls down (or presses "Load more posts").
  await expect(async () => {
    const more = page.getByRole('button', { name: 'Load more posts' });
    if (await more.isVisible()) await more.scrollIntoViewIfNeeded();
    await expect(oldest).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(oldest).toBeVisible();
  await expect(postCard(page, `Paged ${stamp} #22`)).toBeAttached();

  // A fresh visit of /community#post-{id} loads down to that post and shows it.
  const { page: fresh } = await contextFor(browser, author);
  await fresh.goto(`/en/community#post-${ids[0]}`);
  const linked = postCard(fresh, `Paged ${stamp} #0`);
  await expect(linked).toBeVisible();
  await expect(linked).toBeFocused();
});

test('deleting a comment (en), a message (de) and declining a friend request (nl) in the UI', async ({
  browser,
}) => {
  const [a, b] = await Promise.all([newMember('Dana Delete'), newMember('Finn Friend')]);
  const title = `Comment host ${Date.now()}`;
  const post = (await must(
    service.from('posts').insert({ title, content: 'Text', user_id: a.id }).select('id').single(),
  )) as { id: string };
  await must(
    service.from('comments').insert({ post_id: post.id, content: 'Remove me please', user_id: a.id }),
  );
  await must(service.from('messages').insert({ sender_id: a.id, receiver_id: b.id, content: 'Weg damit' }));
  await must(service.from('friendships').insert({ requester_id: b.id, addressee_id: a.id }));

  const { page } = await contextFor(browser, a);
  await page.goto('/en/community');
  const card = postCard(page, title);
  await card.getByRole('button', { name: 'Delete comment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete comment' }).click();
  await expect(page.getByText('Comment deleted')).toBeVisible();
  await expect(card.getByText('Remove me please')).toHaveCount(0);
  await page.reload();
  await expect(postCard(page, title)).toBeVisible();
  await expect(postCard(page, title).getByText('Remove me please')).toHaveCount(0);

  await page.goto(`/de/messages/${b.id}`);
  await page.getByText('Weg damit').last().hover();
  await page.getByRole('button', { name: 'Nachricht löschen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Nachricht löschen' }).click();
  await expect(page.getByRole('main').getByText('Nachricht gelöscht').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('main').getByText('Nachricht gelöscht').first()).toBeVisible();
  await expect(page.getByText('Weg damit')).toHaveCount(0);

  await page.goto('/friends');
  const requests = page.getByRole('region', { name: 'Vriendschapsverzoeken' });
  await requests.getByRole('button', { name: 'Weigeren' }).click();
  await expect(page.getByText('Vriendschapsverzoek geweigerd.')).toBeVisible();
  await expect(requests.getByText('Finn Friend')).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Niemand wacht op een antwoord.')).toBeVisible();
});
