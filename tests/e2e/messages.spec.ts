import { expect as baseExpect, checkA11y, test, waitForHydration } from './fixtures.ts';
import { contextFor, newMember, PHONE, service } from './messages-helpers.ts';

// Two browsers, a live backend and a shared CPU: give each journey room.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const composer = (name: RegExp) => ({ role: 'textbox' as const, name });

test('A writes to B: badge without reload, read receipt, typing-free degrade, axe (en desktop, nl phone)', async ({
  browser,
}) => {
  const a = await newMember('Anna Schrijver');
  const b = await newMember('Bart Lezer');
  const pa = await contextFor(browser, a);
  const pb = await contextFor(browser, b, PHONE);

  await pb.page.goto('/messages');
  await waitForHydration(pb.page);
  await expect(pb.page.getByText('Nog geen gesprekken')).toBeVisible();
  const badge = pb.page.locator('[data-unread-header]');
  await expect(badge).toBeHidden();

  await pa.page.goto(`/en/messages/${b.id}`);
  await waitForHydration(pa.page);
  await expect(pa.page.getByRole('heading', { name: 'Bart Lezer' })).toBeVisible({ timeout: 20_000 });
  await checkA11y(pa.page);
  const box = pa.page.getByRole(composer(/^Message$/).role, { name: composer(/^Message$/).name });
  await expect(pa.page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await box.fill('Hello Bart, see https://example.com/x');
  await box.press('Shift+Enter');
  await box.pressSequentially('second line');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const sent = pa.page.getByTestId('thread-scroll').getByRole('listitem').filter({ hasText: 'Hello Bart' });
  await expect(sent.getByRole('link', { name: 'https://example.com/x' })).toHaveAttribute('rel', /noopener/);
  await expect(sent).toContainText('second line');

  // B, on the list page, gets the badge and the conversation live.
  await expect(badge).toHaveText('1');
  const conversation = pb.page.getByRole('link', { name: /Anna Schrijver/ });
  await expect(conversation).toContainText('1 ongelezen');
  await checkA11y(pb.page);
  await conversation.click();
  await expect(pb.page).toHaveURL(new RegExp(`/messages/${a.id}$`));
  await expect(pb.page.getByTestId('thread-scroll').getByText('Hello Bart')).toBeVisible();
  await expect(badge).toBeHidden();

  // A sees "Read" under the message, live.
  await expect(sent.getByText('Read', { exact: true })).toBeVisible();

  // On a phone the thread has a back button to the list.
  await pb.page.getByRole('button', { name: 'Terug naar gesprekken' }).click();
  await expect(pb.page).toHaveURL(/\/messages$/);
  await expect(pb.page.getByRole('link', { name: /Anna Schrijver/ })).toBeVisible();
  await pa.context.close();
  await pb.context.close();
});

test('an offline send fails, keeps the text, and Retry sends it (de)', async ({ browser }) => {
  const a = await newMember('Offline Olga');
  const b = await newMember('Empfänger Emil');
  const pa = await contextFor(browser, a);
  await pa.page.goto(`/de/messages/${b.id}`);
  await waitForHydration(pa.page);
  await expect(pa.page.getByRole('heading', { name: 'Empfänger Emil' })).toBeVisible();
  await pa.context.setOffline(true);
  const box = pa.page.getByRole('textbox', { name: 'Nachricht' });
  await box.fill('Gesendet trotz Funkloch');
  await box.press('Enter');
  const item = pa.page.getByRole('listitem').filter({ hasText: 'Gesendet trotz Funkloch' });
  await expect(item.getByText('Nicht gesendet')).toBeVisible();
  await expect(pa.page.getByRole('alert').getByText('Fehler beim Senden der Nachricht')).toBeVisible();
  await pa.context.setOffline(false);
  await item.getByRole('button', { name: 'Erneut senden' }).click();
  await expect(item.getByText('Nicht gesendet')).toBeHidden();
  await expect(item.getByText('Wird gesendet…')).toBeHidden();
  // Sent exactly once, with the text that was typed before going offline.
  await expect
    .poll(async () => (await service.from('messages').select('content').eq('sender_id', a.id)).data)
    .toEqual([{ content: 'Gesendet trotz Funkloch' }]);
  await pa.page.reload();
  // In the thread (the conversation list beside it shows the same text as the last message).
  await expect(pa.page.getByTestId('thread-scroll').getByText('Gesendet trotz Funkloch')).toBeVisible();
  await pa.context.close();
});

test('100 messages of history load on scroll-up without the view jumping (phone)', async ({ browser }) => {
  const a = await newMember('Historie Hanna');
  const b = await newMember('Verleden Victor');
  // One by one, so each gets its own server time (the order a person would have written them).
  for (let i = 0; i < 100; i++) {
    const { error } = await service.from('messages').insert({
      sender_id: i % 2 ? a.id : b.id,
      receiver_id: i % 2 ? b.id : a.id,
      content: `Bericht nummer ${i}`,
    });
    expect(error).toBeNull();
  }
  const pa = await contextFor(browser, a, PHONE);
  await pa.page.goto(`/messages/${b.id}`);
  await waitForHydration(pa.page);
  const scroller = pa.page.getByTestId('thread-scroll');
  await expect(pa.page.getByText('Bericht nummer 99', { exact: true })).toBeVisible();
  await expect(pa.page.getByText('Bericht nummer 0', { exact: true })).toHaveCount(0);

  // Scroll to the top, page by page: the message that was on top stays put while older ones
  // are added above it, until the very first message is there.
  const items = pa.page.locator('[data-testid="thread-scroll"] li');
  for (
    let page = 0;
    page < 5 && !(await pa.page.getByText('Bericht nummer 0', { exact: true }).count());
    page++
  ) {
    const count = await items.count();
    // In one task: note the top message and its place, then scroll up (which starts the load).
    const top = await scroller.evaluate((el) => {
      el.scrollTop = 0;
      const first = el.querySelector<HTMLElement>('[data-id]');
      return { id: first?.dataset['id'] ?? '', y: first?.getBoundingClientRect().top ?? 0 };
    });
    await expect.poll(() => items.count()).toBeGreaterThan(count);
    const pinned = pa.page.locator(`[data-id="${top.id}"]`);
    await expect.poll(async () => Math.round(((await pinned.boundingBox())?.y ?? 0) - top.y)).toBe(0);
  }
  await expect(pa.page.getByText('Bericht nummer 0', { exact: true })).toBeAttached();
  expect(await items.count()).toBe(100);
  // The scroll-to-bottom button appears away from the bottom and takes us back.
  await pa.page.getByRole('button', { name: /Naar het nieuwste bericht/ }).click();
  await expect(pa.page.getByText('Bericht nummer 99', { exact: true })).toBeInViewport();
  await pa.context.close();
});

test('friends only refuses a stranger with the translated message; a blocked member cannot send', async ({
  browser,
}) => {
  const stranger = await newMember('Vreemde Vera');
  const picky = await newMember('Kieskeurige Kees');
  const blocker = await newMember('Blokkerende Bo');
  const pp = await contextFor(browser, picky);
  await pp.page.goto('/en/messages');
  await waitForHydration(pp.page);
  await pp.page.getByRole('radio', { name: 'Friends only' }).check();
  await expect(pp.page.getByText('Saved', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await service.from('profiles').select('message_privacy').eq('user_id', picky.id)).data)
    .toEqual([{ message_privacy: 'friends' }]);

  await service.from('blocks').insert({ blocker_id: blocker.id, blocked_id: stranger.id });
  const ps = await contextFor(browser, stranger);
  await ps.page.goto(`/en/messages/${picky.id}`);
  await waitForHydration(ps.page);
  // No composer whose messages could never arrive: the thread says why instead (issue 24).
  await expect(ps.page.getByText('This member only accepts messages from friends.')).toBeVisible();
  await expect(ps.page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  // A block is silent: the blocked member no longer sees the other at all, so there is no one to
  // write to (and the database refuses the insert anyway: tests/integration/messages-rls.test.ts).
  await ps.page.goto(`/en/messages/${blocker.id}`);
  await waitForHydration(ps.page);
  await expect(ps.page.getByText('User not found').first()).toBeVisible();
  await expect(ps.page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  const { data } = await service.from('messages').select('id').eq('sender_id', stranger.id);
  expect(data).toEqual([]);
  await pp.context.close();
  await ps.context.close();
});

test('deep links open on a direct visit and reload; signed-out visitors go to /auth and back', async ({
  browser,
  page,
}) => {
  const a = await newMember('Link Lotte');
  const b = await newMember('Doel Daan');
  const response = await page.goto(`/de/messages/${b.id}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/de/auth\\?next=${encodeURIComponent(`/de/messages/${b.id}`)}`));
  const pa = await contextFor(browser, a);
  await pa.page.goto(`/de/messages/${b.id}`);
  await expect(pa.page.getByRole('heading', { name: 'Doel Daan' })).toBeVisible();
  await pa.page.reload();
  await expect(pa.page.getByRole('heading', { name: 'Doel Daan' })).toBeVisible();
  await pa.page.goto('/en/messages/00000000-0000-4000-8000-000000000000');
  await expect(pa.page.getByText('User not found')).toBeVisible();
  await pa.context.close();
});

test('both see each other online and "typing" over the private conversation channel; the line goes when the message arrives (en, nl)', async ({
  browser,
}) => {
  const a = await newMember('Typende Tess');
  const b = await newMember('Online Olaf');
  const pa = await contextFor(browser, a);
  const pb = await contextFor(browser, b, PHONE);
  await pa.page.goto(`/en/messages/${b.id}`);
  await pb.page.goto(`/messages/${a.id}`);
  await waitForHydration(pa.page);
  await waitForHydration(pb.page);
  await expect(pa.page.getByText('Online', { exact: true })).toBeVisible();
  await expect(pb.page.getByText('Online', { exact: true })).toBeVisible();
  await pb.page.getByRole('textbox', { name: 'Bericht' }).pressSequentially('Hallo daar', { delay: 50 });
  await expect(pa.page.getByText('Online Olaf is typing…')).toBeVisible();
  await pa.page.getByRole('textbox', { name: 'Message' }).pressSequentially('Hi there', { delay: 50 });
  await expect(pb.page.getByText('Typende Tess is aan het typen…')).toBeVisible();
  // Issue 24: the typing line goes when the message arrives (it used to stay up to 3 s longer).
  // A keystroke after the send throttle (1.5 s) sends a fresh typing signal right before Enter.
  const box = pa.page.getByRole('textbox', { name: 'Message' });
  await pa.page.waitForTimeout(1600);
  await box.press('!');
  await box.press('Enter');
  await expect(pb.page.getByTestId('thread-scroll').getByText('Hi there!')).toBeVisible();
  await expect(pb.page.getByText('Typende Tess is aan het typen…')).toBeHidden({ timeout: 1000 });
  // A message of this minute is "zojuist" in the list, not Intl's future-sounding "binnen een minuut".
  await pb.page.goto('/messages');
  const row = pb.page.getByRole('link', { name: /Typende Tess/ });
  await expect(row.getByText('zojuist', { exact: true })).toBeVisible();
  await pa.context.close();
  await pb.context.close();
});
