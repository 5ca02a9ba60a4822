import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY } from '../../supabase/local/keys.ts';
import { postCard } from './community-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { API, contextFor, type Member, newMember } from './messages-helpers.ts';

/*
 * Issue 24, point 1: nobody is left uninformed. The setup goes through the API as each member
 * (fast); what a person sees is read in the UI, in English, Dutch and German.
 */
const expect = baseExpect.configure({ timeout: 20_000 });

/** supabase-js signed in as `member` (their session's access token). */
function as(member: Member): SupabaseClient {
  const { access_token } = JSON.parse(member.session) as { access_token: string };
  return createClient(API, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${access_token}` } },
  });
}

async function ok<T>(call: PromiseLike<{ data: T; error: unknown }>): Promise<T> {
  const { data, error } = await call;
  if (error) throw new Error(JSON.stringify(error));
  return data;
}

test('the author of a post and a comment hidden by two reports sees both marked, live and after a reload (en)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [author, r1, r2] = await Promise.all([
    newMember('Hidden Author'),
    newMember('Reporter One'),
    newMember('Reporter Two'),
  ]);
  const title = `Reported post ${Date.now()}`;
  const { id: postId } = (await ok(
    as(author).from('posts').insert({ title, content: 'Text', user_id: author.id }).select('id').single(),
  )) as { id: string };
  const { id: commentId } = (await ok(
    as(author)
      .from('comments')
      .insert({ post_id: postId, content: 'My reported comment', user_id: author.id })
      .select('id')
      .single(),
  )) as { id: string };
  const { page } = await contextFor(browser, author);
  await page.goto('/en/community');
  await expect(page.locator('[data-live="live"]')).toBeAttached({ timeout: 15_000 });
  const card = postCard(page, title);
  await expect(card).toBeVisible();
  await expect(card.getByText('Hidden after reports', { exact: false })).toHaveCount(0);

  for (const reporter of [r1, r2]) {
    await ok(as(reporter).from('reports').insert({ reporter_id: reporter.id, post_id: postId, reason: 'x' }));
    await ok(
      as(reporter).from('reports').insert({ reporter_id: reporter.id, comment_id: commentId, reason: 'x' }),
    );
  }
  const note = 'Hidden after reports, waiting for a moderator. Only you and the moderators see it.';
  // Live: the open feed marks the post and the comment; both stay readable to their author.
  await expect(card.getByText(note)).toHaveCount(2);
  await expect(card.getByText('My reported comment')).toBeVisible();
  await page.reload();
  await expect(postCard(page, title).getByText(note)).toHaveCount(2);
});

/** Resolves once `page` has the answer to whether it may message the thread's member. */
const mayMessageAnswered = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/rpc/may_message'));

/** `blocker` writes to `blocked` ("Hoi Bo"); the answer blocks them when called. */
async function blockerWhoWrote(blocker: Member, blocked: Member) {
  await ok(
    as(blocker)
      .from('messages')
      .insert({ sender_id: blocker.id, receiver_id: blocked.id, content: 'Hoi Bo' }),
  );
  return () => ok(as(blocker).from('blocks').insert({ blocker_id: blocker.id, blocked_id: blocked.id }));
}

test('a blocked member who sends in an open thread sees what a reload shows: the member is not found (nl)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [blocker, blocked] = await Promise.all([newMember('Bram Blokker'), newMember('Bo Geblokt')]);
  const block = await blockerWhoWrote(blocker, blocked);
  const { page } = await contextFor(browser, blocked);
  // The thread has asked whether it may send before the block: its composer stays.
  const answered = mayMessageAnswered(page);
  await page.goto(`/messages/${blocker.id}`);
  await answered;
  await expect(page.getByTestId('thread-scroll').getByText('Hoi Bo')).toBeVisible();
  await block();
  await page.getByRole('textbox', { name: 'Bericht' }).fill('Ben je daar?');
  await page.getByRole('button', { name: 'Versturen' }).click();
  // Blocking is silent: the same answer as for a member who is not there, on every path.
  await expect(page.getByText('Gebruiker niet gevonden')).toBeVisible();
  await expect(page.getByText('Je kunt dit lid geen berichten sturen.')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Bericht' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Gebruiker niet gevonden')).toBeVisible();
  await page.goto(`/user/${blocker.id}`);
  await expect(page.getByRole('heading', { name: 'Profiel niet gevonden' })).toBeVisible();
});

test('a block that arrives while the thread opens reads as a member not found, not as friends only (nl)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [blocker, blocked] = await Promise.all([newMember('Bram Blokker'), newMember('Bo Geblokt')]);
  const block = await blockerWhoWrote(blocker, blocked);
  const { page } = await contextFor(browser, blocked);
  // The thread shows its messages; its question whether it may send reaches the database only
  // after the block (a slow network), which answers no, as it does for friends only.
  let release = () => {};
  const blockIn = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/rest/v1/rpc/may_message', async (route) => {
    await blockIn;
    await route.continue();
  });
  await page.goto(`/messages/${blocker.id}`);
  await expect(page.getByTestId('thread-scroll').getByText('Hoi Bo')).toBeVisible();
  await block();
  release();
  await expect(page.getByText('Gebruiker niet gevonden')).toBeVisible();
  await expect(page.getByText('Dit lid accepteert alleen berichten van vrienden.')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Bericht' })).toHaveCount(0);
});

test('a member who accepts messages from friends only says so on the profile; no composer or Retry that cannot succeed (de)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [closed, writer] = await Promise.all([newMember('Klara Zu'), newMember('Willi Schreiber')]);
  const { page } = await contextFor(browser, writer);

  // The thread is open (and has asked whether it may send) while Klara switches to friends only:
  // the refused message has no Retry.
  const answered = mayMessageAnswered(page);
  await page.goto(`/de/messages/${closed.id}`);
  await answered;
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await expect(input).toBeVisible();
  await ok(as(closed).from('profiles').update({ message_privacy: 'friends' }).eq('user_id', closed.id));
  await input.fill('Hallo Klara');
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByText('Nicht gesendet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erneut senden' })).toHaveCount(0);

  // Opened now, the thread offers no composer at all, and the profile no Message button.
  await page.reload();
  await expect(page.getByText('Dieses Mitglied nimmt nur Nachrichten von Freunden an.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toHaveCount(0);
  await page.goto(`/de/user/${closed.id}`);
  await expect(page.getByText('Empfängt nur Nachrichten von Freunden.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nachricht', exact: true })).toHaveCount(0);
});
