import { SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts';
import { backend, storeSession } from './member-helpers.ts';
import { arrangePreview, newClientAccount } from './timeline-alchemy-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const REFUSED = 'This client deleted their account: no new previews, edits or review links for them.';

test('a client who deleted their account: marked for the admin, previews readable, nothing new can be made', async ({
  page,
}) => {
  const name = `Gone Client ${Date.now()}`;
  const client = await newClientAccount(name);
  const title = `Before leaving ${Date.now()}`;
  const preview = await arrangePreview(client.id, title);
  // The account goes (as the account page's deletion ends: the auth user is deleted).
  const gone = await fetch(`${backend}/auth/v1/admin/users/${client.id}`, {
    method: 'DELETE',
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` },
  });
  expect(gone.ok).toBe(true);

  await storeSession(page, 'admin@example.com');
  await page.goto('/en/timeline-alchemy/admin/dashboard');
  await waitForHydration(page);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Account deleted')).toBeVisible();
  await expect(card.getByRole('link', { name: 'View' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  // The review-link picker names them, and they cannot be chosen.
  const option = page.getByRole('combobox', { name: 'Client' }).locator('option', { hasText: name });
  await expect(option).toHaveText(`${name} · Account deleted`);
  await expect(option).toBeDisabled();

  // The preview page still shows it, marked, without an edit button.
  await card.getByRole('link', { name: 'View' }).click();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);

  // An edit opened by its address says why at once, and the database refuses the save.
  await page.goto(`/en/timeline-alchemy/admin/preview-wizard?id=${preview}&edit=true`);
  await waitForHydration(page);
  await expect(page.getByRole('status').filter({ hasText: REFUSED })).toBeVisible();
  for (let step = 0; step < 2; step++) await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Save Preview' }).click();
  await expect(page.getByText(`Failed to create preview: ${REFUSED}`)).toBeVisible();

  // A new preview: the client is shown marked, and cannot be picked.
  await page.goto('/en/timeline-alchemy/admin/preview-wizard');
  await waitForHydration(page);
  const pick = page.locator('label', { hasText: name });
  await expect(pick.getByText('Account deleted')).toBeVisible();
  await expect(pick.getByRole('radio')).toBeDisabled();
});
