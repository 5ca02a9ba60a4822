import { expect as baseExpect, test, waitForHydration } from './fixtures.ts';
import { backend, storeSession } from './member-helpers.ts';
import { arrangePreview, newClientAccount, service } from './timeline-alchemy-helpers.ts';

/* Issue 24, point 5: work is never silently dropped (nl, en, de across the set). */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const STILTE = '10000000-0000-4000-8000-000000000001';

test('wizard edit mode saves a changed title and keeps the client locked, saying why (en)', async ({
  page,
}) => {
  const client = await newClientAccount('Edit Client');
  const title = `Edit title ${Date.now()}`;
  const id = await arrangePreview(client.id, title, {
    draft_content: {
      content: 'Text',
      selectedPosts: [STILTE],
      image: null,
      platforms: { LinkedIn: 'Text' },
    },
  });
  await storeSession(page, 'admin@example.com');
  const edit = `/en/timeline-alchemy/admin/preview-wizard?id=${id}&edit=true`;
  await page.goto(edit);
  await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Next' }).click();
  await main.getByRole('button', { name: 'Next' }).click();
  const renamed = `${title} renamed`;
  await main.getByRole('textbox', { name: 'Title', exact: true }).fill(renamed);
  await main.getByRole('button', { name: 'Save Preview' }).click();
  await expect(page).toHaveURL(/admin\/dashboard/);
  const [row] = (await service(`previews?select=client_id,ideas(title)&id=eq.${id}`)) as Array<{
    client_id: string;
    ideas: { title: string };
  }>;
  expect(row?.ideas.title).toBe(renamed);

  // Another client cannot be picked: the preview's history belongs to this one.
  await page.goto(edit);
  await waitForHydration(page);
  await main.getByRole('button', { name: 'Previous' }).click();
  await main.getByRole('button', { name: 'Previous' }).click();
  await expect(
    main.getByText('A preview stays with the client it was made for', { exact: false }),
  ).toBeVisible();
  await expect(main.getByRole('radio', { name: /Lotte Jansen/ })).toBeDisabled();
});

test('"Preview maken (2)" from the blog-post admin makes two previews, one after the other (nl)', async ({
  page,
}) => {
  const client = await newClientAccount('Batch Klant');
  await storeSession(page, 'admin@example.com');
  await page.goto('/timeline-alchemy/admin/blog-posts');
  await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByRole('checkbox', { name: 'De kracht van stilte selecteren' }).check();
  await main.getByRole('checkbox', { name: 'Ademwerk voor beginners selecteren' }).check();
  await main.getByRole('link', { name: 'Preview maken (2)' }).click();
  for (const n of [1, 2]) {
    await waitForHydration(page);
    await expect(main.getByText(`Preview ${n} van 2`, { exact: false })).toBeVisible();
    await main.getByRole('radio', { name: /Batch Klant/ }).check();
    await main.getByRole('button', { name: 'Volgende' }).click();
    await main.getByRole('button', { name: 'Volgende' }).click();
    await main.getByRole('checkbox', { name: 'LinkedIn' }).check();
    await main.getByRole('button', { name: 'Volgende' }).click();
    await main.getByRole('button', { name: 'Volgende' }).click();
    await main.getByRole('button', { name: 'Preview opslaan' }).click();
    if (n === 1) await expect(page).toHaveURL(/preview-wizard\?posts=.+&of=2/);
  }
  await expect(page).toHaveURL(/admin\/dashboard/);
  const rows = (await service(`previews?select=draft_content&client_id=eq.${client.id}`)) as Array<{
    draft_content: { selectedPosts: string[] };
  }>;
  expect(rows.flatMap((r) => r.draft_content.selectedPosts)).toHaveLength(2);
  expect(new Set(rows.map((r) => r.draft_content.selectedPosts[0])).size).toBe(2);
});

test('broken images show the placeholder text: feed (de), blog-post admin and wizard (nl)', async ({
  page,
}) => {
  await storeSession(page, 'admin@example.com');
  const title = `Kaputtes Bild ${Date.now()}`;
  const [admin] = (await service('profiles?select=user_id&role=eq.admin&limit=1')) as Array<{
    user_id: string;
  }>;
  await service('posts', {
    method: 'POST',
    body: JSON.stringify({
      title,
      content: 'Text',
      user_id: admin?.user_id,
      image_url: `${backend}/storage/v1/object/public/post-images/missing.png`,
    }),
  });
  await page.goto('/de/community');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText('Bild nicht verfügbar')).toBeVisible();

  await page.route('**/blog_images/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/timeline-alchemy/admin/blog-posts');
  await waitForHydration(page);
  await expect(page.getByRole('main').getByText('Afbeelding kon niet laden').first()).toBeVisible();
  await page.goto(`/timeline-alchemy/admin/preview-wizard?posts=${STILTE}`);
  await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByRole('radio').first().check();
  await main.getByRole('button', { name: 'Volgende' }).click();
  await expect(main.getByText('Afbeelding niet beschikbaar').first()).toBeVisible();
});
