import sharp from 'sharp';
import { memberPage, newMember, openFeed, postCard } from './community-helpers.ts';
import { expect as baseExpect, checkA11y, test, waitForHydration } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';

// Two to five signed-in browsers on a shared 2-core machine: allow the UI time, not failures.
const expect = baseExpect.configure({ timeout: 20_000 });

test('A posts a photo (resized, metadata gone); B sees "1 new post" live, likes and comments; A sees both counts', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const [a, b] = await Promise.all([newMember('Ada Poster'), newMember('Ben Reader')]);
  const pageA = await memberPage(browser, a);
  const pageB = await memberPage(browser, b);
  await openFeed(pageA);
  await openFeed(pageB);

  // A 3000 px photo carrying EXIF: what is uploaded must be <= 1600 px and carry none of it.
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#886644' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS-SECRET-52.37N' } } })
    .toBuffer();
  const title = `Sunrise ${Date.now()}`;
  await pageA.getByRole('button', { name: 'New post', exact: true }).click();
  await pageA.getByLabel('Title').fill(title);
  await pageA.getByLabel('Text', { exact: true }).fill('Light over the dunes, see https://example.com/dunes');
  await pageA
    .getByLabel(/Image \(optional/)
    .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  await pageA.getByRole('button', { name: 'Post', exact: true }).click();
  const cardA = postCard(pageA, title);
  await expect(cardA).toBeVisible();
  await expect(cardA.getByRole('link', { name: 'https://example.com/dunes' })).toHaveAttribute(
    'rel',
    /noopener/,
  );

  const src = await cardA.getByRole('img').getAttribute('src');
  expect(src).toContain(`/post-images/${a.id}/`);
  const uploaded = Buffer.from(await (await fetch(src ?? '')).arrayBuffer());
  const meta = await sharp(uploaded).metadata();
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1600);
  expect(meta.exif).toBeUndefined();
  expect(uploaded.includes('GPS-SECRET')).toBe(false);

  // B was reading: no jump, a button instead.
  await pageB.getByRole('button', { name: '1 new post' }).click();
  const cardB = postCard(pageB, title);
  await expect(cardB).toBeVisible();
  await cardB.getByRole('button', { name: 'Like' }).click();
  await expect(cardB.getByText('1 like', { exact: true })).toBeVisible();
  await cardB.getByLabel('Write a comment').fill('Beautiful!');
  await cardB.getByLabel('Write a comment').press('Enter');
  await expect(cardB.getByText('Beautiful!')).toBeVisible();

  await expect(cardA.getByText('1 like', { exact: true })).toBeVisible();
  await expect(cardA.getByText('1 comment', { exact: true })).toBeVisible();
  await expect(cardA.getByText('Beautiful!')).toBeVisible();

  // A deletes the post after confirming; B sees it disappear.
  await cardA.getByRole('button', { name: 'Delete post' }).click();
  await pageA.getByRole('dialog').getByRole('button', { name: 'Delete post' }).click();
  await expect(cardA).toHaveCount(0);
  await expect(cardB).toHaveCount(0);
});

test('friend request sent, accepted and removed, in Dutch, with counts that move live', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const [a, b] = await Promise.all([newMember('Anouk Vriend'), newMember('Bas Vriend')]);
  const pageA = await memberPage(browser, a);
  const pageB = await memberPage(browser, b);
  await pageB.goto('/friends');
  await expect(pageB.getByTestId('friends-total')).toHaveText('(0 vrienden)');

  await pageA.goto(`/user/${b.id}`);
  await pageA.getByRole('button', { name: 'Vriend toevoegen' }).click();
  await expect(pageA.getByText('Vriendschapsverzoek verstuurd!')).toBeVisible();
  await expect(pageA.getByText('Verzoek verstuurd', { exact: true })).toBeVisible();

  // B's page hears about it without a reload.
  const request = pageB.getByRole('listitem').filter({ hasText: a.name });
  await request.getByRole('button', { name: 'Accepteren' }).click();
  await expect(pageB.getByTestId('friends-total')).toHaveText('(1 vriend)');

  await pageA.goto('/friends');
  await expect(pageA.getByTestId('friends-total')).toHaveText('(1 vriend)');
  await pageA.getByRole('button', { name: 'Vriend verwijderen' }).click();
  await pageA.getByRole('dialog').getByRole('button', { name: 'Vriend verwijderen' }).click();
  await expect(pageA.getByTestId('friends-total')).toHaveText('(0 vrienden)');
  await expect(pageB.getByTestId('friends-total')).toHaveText('(0 vrienden)');
});

test('a block hides the blocker’s and blocked one’s posts and profiles from each other (nl)', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const [a, b] = await Promise.all([newMember('Aart Blok'), newMember('Bea Blok')]);
  const pageA = await memberPage(browser, a);
  const title = `Bericht van Aart ${Date.now()}`;
  await openFeed(pageA, '');
  await pageA.getByRole('button', { name: 'Nieuw bericht', exact: true }).click();
  await pageA.getByLabel('Titel').fill(title);
  await pageA.getByLabel('Tekst', { exact: true }).fill('Hallo');
  await pageA.getByRole('button', { name: 'Plaatsen', exact: true }).click();
  await expect(postCard(pageA, title)).toBeVisible();

  const pageB = await memberPage(browser, b);
  await openFeed(pageB, '');
  await expect(postCard(pageB, title)).toBeVisible();
  await pageB.goto(`/user/${a.id}`);
  await pageB.getByRole('button', { name: 'Blokkeren' }).click();
  await pageB.getByRole('dialog').getByRole('button', { name: 'Blokkeren' }).click();
  await expect(pageB.getByText(`Je hebt ${a.name} geblokkeerd.`)).toBeVisible();

  await openFeed(pageB, '');
  await expect(postCard(pageB, title)).toHaveCount(0);
  // A can no longer find B, so no friend request can be sent (the database refuses it too).
  await pageA.goto(`/user/${b.id}`);
  await expect(pageA.getByRole('heading', { name: 'Profiel niet gevonden' })).toBeVisible();
  await expect(pageA.getByRole('button', { name: 'Vriend toevoegen' })).toHaveCount(0);

  // B unblocks from /profile; the post is back.
  await pageB.goto('/profile');
  await pageB.getByRole('button', { name: `${a.name} deblokkeren` }).click();
  await expect(pageB.getByText('Je hebt niemand geblokkeerd.')).toBeVisible();
  await openFeed(pageB, '');
  await expect(postCard(pageB, title)).toBeVisible();
});

test('two reports by different members hide a post from others until an admin decides', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const [author, r1, r2, viewer] = await Promise.all([
    newMember('Auteur Melding'),
    newMember('Melder Een'),
    newMember('Melder Twee'),
    newMember('Kijker'),
  ]);
  const pageA = await memberPage(browser, author);
  const pageV = await memberPage(browser, viewer);
  const title = `Reported ${Date.now()}`;
  await openFeed(pageA);
  await pageA.getByRole('button', { name: 'New post', exact: true }).click();
  await pageA.getByLabel('Title').fill(title);
  await pageA.getByLabel('Text', { exact: true }).fill('Something');
  await pageA.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(postCard(pageA, title)).toBeVisible();
  await openFeed(pageV);
  await expect(postCard(pageV, title)).toBeVisible();

  // The viewer keeps the feed open the whole time: the second report hides it live.
  for (const [n, reporter] of [r1, r2].entries()) {
    const page = await memberPage(browser, reporter);
    await openFeed(page);
    await postCard(page, title)
      .getByRole('button', { name: `Report: ${title}` })
      .click();
    await page.getByRole('dialog').getByLabel('Why should a moderator look at this?').fill('Not kind');
    await page.getByRole('dialog').getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Thank you. A moderator will take a look.')).toBeVisible();
    await page.context().close();
    if (n === 0) {
      // One report hides nothing: the viewer's open feed still shows it (and stays live).
      await pageV.waitForTimeout(1000);
      await expect(postCard(pageV, title)).toBeVisible();
    }
  }
  await expect(postCard(pageV, title)).toHaveCount(0);
  // The author still sees their hidden post, also live (no reload of the author's feed).
  await expect(postCard(pageA, title)).toBeVisible();
  await openFeed(pageV);
  await expect(postCard(pageV, title)).toHaveCount(0);
  await openFeed(pageA);
  await expect(postCard(pageA, title)).toBeVisible();

  // The admin keeps it: everyone sees it again.
  const admin = await browser.newContext().then((c) => c.newPage());
  await storeSession(admin, 'admin@example.com');
  await admin.goto('/en/community/moderation');
  const item = admin.getByRole('article', { name: `Post: ${title}` });
  await expect(item.getByText('Hidden from members')).toBeVisible();
  await checkA11y(admin);
  await item.getByRole('button', { name: 'Keep' }).click();
  await expect(item).toHaveCount(0);
  await openFeed(pageV);
  await expect(postCard(pageV, title)).toBeVisible();
});

test('a signed-out visitor of /user/{id} signs in and comes back; the address survives a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const other = await newMember('Deep Link');
  const me = await newMember('Visitor');
  await page.goto(`/en/user/${other.id}`);
  await expect(page).toHaveURL(/\/en\/auth\?next=/);
  await waitForHydration(page);
  await page.getByLabel(/e-mail/i).fill(me.email);
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/user/${other.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Deep Link' })).toBeVisible();
  const reload = await page.reload();
  expect(reload?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Deep Link' })).toBeVisible();
  await checkA11y(page);

  await page.goto('/en/user/not-a-real-id');
  await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the community' }).click();
  await expect(page).toHaveURL(/\/en\/community\/?$/);
});

test('posting with the keyboard only', async ({ page }) => {
  test.setTimeout(90_000);
  const me = await newMember('Keys Only');
  await storeSession(page, me.email);
  await openFeed(page);
  const toggle = page.getByRole('button', { name: 'New post', exact: true });
  await toggle.focus();
  await page.keyboard.press('Enter');
  // The fields load when the toggle is first reached; a keyboard user sees them appear, then tabs.
  await expect(page.getByLabel('Title')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Title')).toBeFocused();
  const title = `Typed ${Date.now()}`;
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Written without a mouse.');
  await page.keyboard.press('Tab'); // image
  await page.keyboard.press('Tab'); // Post
  await expect(page.getByRole('button', { name: 'Post', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(postCard(page, title)).toBeVisible();
  await expect(toggle).toBeFocused();
});

for (const prefix of ['', '/en', '/de']) {
  test(`the community pages have no axe violations (${prefix || '/'})`, async ({ page }) => {
    // axe on four app pages is slow on a shared 2-core machine, not a failure of the page.
    test.setTimeout(180_000);
    const me = await newMember('Axe Member');
    const other = await newMember('Axe Other');
    await storeSession(page, me.email);
    for (const path of ['/community', '/profile', '/friends', `/user/${other.id}`]) {
      await page.goto(`${prefix}${path}`);
      await expect(page.locator('[role="status"][aria-live="polite"] .animate-pulse')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await checkA11y(page);
    }
  });
}
