import { memberPage, newMember, openFeed, postCard } from './community-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { service } from './timeline-alchemy-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

test("a suspended member's post and comment leave another member's open feed without a reload, and come back when it is lifted", async ({
  browser,
}) => {
  const [author, viewer] = await Promise.all([newMember('Soon Suspended'), newMember('Watcher')]);
  const title = `Before suspension ${Date.now()}`;
  const other = `Someone else's ${Date.now()}`;
  const [post] = (await service('posts', {
    method: 'POST',
    body: JSON.stringify({ user_id: author.id, title, content: 'Text' }),
  })) as Array<{ id: string }>;
  const [otherPost] = (await service('posts', {
    method: 'POST',
    body: JSON.stringify({ user_id: viewer.id, title: other, content: 'Text' }),
  })) as Array<{ id: string }>;
  await service('comments', {
    method: 'POST',
    body: JSON.stringify({ post_id: otherPost?.id, user_id: author.id, content: 'A comment that will go' }),
  });
  expect(post?.id).toBeTruthy();
  const page = await memberPage(browser, viewer);
  await openFeed(page);
  await expect(postCard(page, title)).toBeVisible();
  await expect(postCard(page, other).getByText('A comment that will go')).toBeVisible();

  // An admin suspends the author (the row suspend_member writes; the ban is GoTrue's business).
  const admins = (await service('profiles?select=user_id&role=eq.admin&limit=1')) as Array<{
    user_id: string;
  }>;
  await service('member_suspensions', {
    method: 'POST',
    body: JSON.stringify({ user_id: author.id, reason: 'e2e', created_by: admins[0]?.user_id }),
  });
  try {
    await expect(postCard(page, title)).toHaveCount(0);
    await expect(postCard(page, other)).toBeVisible();
    await expect(postCard(page, other).getByText('A comment that will go')).toHaveCount(0);
  } finally {
    // Lifted (the delete public.lift_suspension makes).
    await service(`member_suspensions?user_id=eq.${author.id}`, { method: 'DELETE' });
  }
  // Both come back in the same open feed, in place: no reload, no "new posts" button.
  await expect(postCard(page, title)).toBeVisible();
  await expect(postCard(page, other).getByText('A comment that will go')).toBeVisible();
  const cards = await page.getByRole('article').allTextContents();
  expect(cards.findIndex((c) => c.includes(other))).toBeLessThan(cards.findIndex((c) => c.includes(title)));
});
