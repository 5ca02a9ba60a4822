import { createHash, randomBytes } from 'node:crypto';
import {
  LOCAL_REVIEW_LINK_SECRET,
  signReviewToken,
} from '../../src/features/timeline-alchemy/review/signed-link.ts';
import { expect as baseExpect, checkA11y, test, waitForHydration } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';
import { arrangePreview, newClientAccount, service } from './timeline-alchemy-helpers.ts';

// These pages load supabase-js, the data and then realtime after hydration: seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

test('admin and client talk on a preview, live both ways; the admin resolves (nl)', async ({ browser }) => {
  const client = await newClientAccount(`Gesprek Klant ${Date.now()}`);
  const title = `Gesprekspost ${Date.now()}`;
  const previewId = await arrangePreview(client.id, title);

  const clientPage = await (await browser.newContext()).newPage();
  await storeSession(clientPage, client.email);
  await clientPage.goto('/timeline-alchemy/client/my-previews');
  await waitForHydration(clientPage);
  const clientCard = clientPage.getByRole('article', { name: title });
  await expect(clientCard.getByText('Nog geen opmerkingen. Begin het gesprek hieronder.')).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await storeSession(admin, 'admin@example.com');
  // A notification's link to the thread: the admin lands on it, focused, once the cards are drawn.
  await admin.goto(`/timeline-alchemy/admin/dashboard#thread-${previewId}`);
  await waitForHydration(admin);
  const adminCard = admin.getByRole('article', { name: title });
  await expect(adminCard.getByRole('region', { name: 'Gesprek' })).toBeFocused();
  await adminCard.getByRole('textbox', { name: 'Je opmerking' }).fill('Kan de kop korter?');
  await adminCard.getByRole('button', { name: 'Versturen' }).click();
  await expect(adminCard.getByText('Kan de kop korter?')).toBeVisible();
  await expect(adminCard.getByRole('textbox', { name: 'Je opmerking' })).toHaveValue('');

  // The client's open page shows it without a reload, with the count of open comments.
  await expect(clientCard.getByText('Kan de kop korter?')).toBeVisible();
  await expect(clientCard.getByText('1 open opmerking')).toBeVisible();
  await expect(clientCard.getByText('Bij versie 1 · huidig')).toBeVisible();
  // The client answers from the keyboard: Ctrl+Enter sends (Enter alone is a new line).
  const box = clientCard.getByRole('textbox', { name: 'Je opmerking' });
  await box.fill('Ja, graag');
  await box.press('Enter');
  await expect(box).toHaveValue('Ja, graag\n');
  await box.press('Control+Enter');
  await expect(box).toHaveValue('');
  await expect(clientCard.getByText('2 open opmerkingen')).toBeVisible();

  // ... and the admin's open page shows the answer without a reload; the admin resolves it.
  const answer = adminCard.getByRole('listitem').filter({ hasText: 'Ja, graag' });
  await expect(answer).toBeVisible();
  await answer.getByRole('button', { name: 'Afhandelen' }).click();
  await expect(answer.getByText('Afgehandeld', { exact: true })).toBeVisible();
  await expect(adminCard.getByText('1 open opmerking')).toBeVisible();
  await expect(
    clientCard
      .getByRole('listitem')
      .filter({ hasText: 'Ja, graag' })
      .getByText('Afgehandeld', { exact: true }),
  ).toBeVisible();

  // The client corrects their own comment (Escape first cancels, keeping the old text); only the
  // author has the button; the admin's page shows the correction live, marked as edited.
  const own = clientCard.getByRole('listitem').filter({ hasText: 'Ja, graag' });
  await expect(clientCard.getByRole('listitem').filter({ hasText: 'Kan de kop korter?' })).not.toContainText(
    'Bewerken',
  );
  await expect(answer.getByRole('button', { name: 'Bewerken' })).toHaveCount(0);
  await own.getByRole('button', { name: 'Bewerken' }).click();
  const editBox = own.getByRole('textbox', { name: 'Je opmerking bewerken' });
  await expect(editBox).toBeFocused();
  await editBox.press('Escape');
  await expect(own.getByRole('button', { name: 'Bewerken' })).toBeFocused();
  await own.getByRole('button', { name: 'Bewerken' }).click();
  await editBox.fill('Ja, graag, en een kortere kop');
  await editBox.press('Control+Enter');
  await expect(own.getByText('Ja, graag, en een kortere kop')).toBeVisible();
  await expect(own.getByText('(bewerkt)')).toBeVisible();
  await expect(adminCard.getByText('Ja, graag, en een kortere kop')).toBeVisible();
  await checkA11y(clientPage);
});

test('a review-link visitor writes under their name; a failed send keeps the text (en)', async ({
  browser,
  page: visitor,
}) => {
  const client = await newClientAccount(`Thread Client ${Date.now()}`);
  const title = `Thread post ${Date.now()}`;
  await arrangePreview(client.id, title);
  // A review link as public.create_review_link makes one (only its hash is stored), signed as the
  // site signs it (the local stack's secret).
  const random = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  const [link] = (await service('preview_review_links', {
    method: 'POST',
    body: JSON.stringify({
      client_id: client.id,
      token_hash: `\\x${createHash('sha256').update(random).digest('hex')}`,
      expires_at: expiresAt,
    }),
  })) as Array<{ id: string }>;
  const token = signReviewToken(LOCAL_REVIEW_LINK_SECRET, { id: link?.id ?? '', random, expiresAt });

  await visitor.goto(`/en/timeline-alchemy/review#token=${token}`);
  await waitForHydration(visitor);
  const card = visitor.getByRole('article', { name: title });
  const box = card.getByRole('textbox', { name: 'Your comment' });
  await box.fill('Love the photo!');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByRole('alert')).toHaveText('Give your name first.');
  await card.getByRole('textbox', { name: 'Your name' }).fill('Sanne');

  // The endpoint fails once: the comment stays in the box, with why.
  let failOnce = true;
  await visitor.route('**/api/timeline-alchemy/review', async (route) => {
    if (failOnce && route.request().postDataJSON()?.action === 'comment') {
      failOnce = false;
      await route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'rate_limited', message: 'Too many' } }),
      });
    } else await route.continue();
  });
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByRole('alert')).toContainText('Your comment was not sent; it is still in the box.');
  await expect(box).toHaveValue('Love the photo!');
  await card.getByRole('button', { name: 'Send' }).click();
  const sent = card.getByRole('listitem').filter({ hasText: 'Love the photo!' });
  await expect(sent.getByText('Sanne')).toBeVisible();
  await expect(sent.getByText('Guest (via review link)')).toBeVisible();
  await expect(box).toHaveValue('');
  // The name is remembered in this browser: the next visit does not ask again.
  await visitor.reload();
  await waitForHydration(visitor);
  await expect(card.getByRole('textbox', { name: 'Your name' })).toHaveValue('Sanne');

  const admin = await (await browser.newContext()).newPage();
  await storeSession(admin, 'admin@example.com');
  await admin.goto('/en/timeline-alchemy/admin/dashboard');
  await waitForHydration(admin);
  const adminCard = admin.getByRole('article', { name: title });
  await expect(
    adminCard.getByRole('listitem').filter({ hasText: 'Love the photo!' }).getByText('Sanne'),
  ).toBeVisible();
  await expect(adminCard.getByText('1 open comment')).toBeVisible();
  await checkA11y(visitor);
});
