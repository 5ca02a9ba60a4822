import { expect as baseExpect, checkA11y, test, waitForHydration } from './fixtures.ts';
import { service, signIn } from './timeline-alchemy-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const STILTE = '10000000-0000-4000-8000-000000000001';
// 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('blog-post admin: filters, copy a social text, upload an image, and Create Preview opens the wizard with the post', async ({
  browser,
}) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signIn(page, 'admin@example.com');
  await page.goto('/en/timeline-alchemy/admin/blog-posts');
  await waitForHydration(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'De kracht van stilte' })).toBeVisible();

  await main.getByRole('combobox', { name: 'All statuses' }).selectOption('draft');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(['Ademwerk voor beginners']);
  await main.getByRole('combobox', { name: 'All statuses' }).selectOption('');
  await main.getByRole('searchbox').fill('stilte');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(['De kracht van stilte']);

  await main.getByRole('button', { name: 'Copy Instagram text' }).click();
  await expect(page.getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'Stilte = thuiskomen. Nieuw op de blog. #stilte #meditatie',
  );

  const before = (
    (await service(`blog_posts?select=image_url&id=eq.${STILTE}`)) as Array<{ image_url: string }>
  )[0]?.image_url;
  await main
    .locator('input[type=file]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Image uploaded')).toBeVisible();
  const after = (
    (await service(`blog_posts?select=image_url&id=eq.${STILTE}`)) as Array<{ image_url: string }>
  )[0]?.image_url;
  expect(after).not.toBe(before);
  expect(after).toMatch(/\/storage\/v1\/object\/public\/blog_images\/\d+-[a-z0-9]+\.png$/);
  expect((await fetch(after ?? '')).status).toBe(200);

  await main.getByRole('checkbox', { name: 'Select De kracht van stilte' }).check();
  await main.getByRole('link', { name: 'Create Preview (1)' }).click();
  await expect(page).toHaveURL(new RegExp(`preview-wizard\\?posts=${STILTE}`));
  await waitForHydration(page);
  await page
    .getByRole('main')
    .getByRole('radio', { name: /Bram Peters/ })
    .check();
  await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('main').getByRole('button', { name: /De kracht van stilte/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await checkA11y(page);
});

test('ideas: create, edit and archive, with the previews of each idea', async ({ page }) => {
  const title = `Idea ${Date.now()}`;
  await signIn(page, 'admin@example.com');
  await page.goto('/en/timeline-alchemy/admin/ideas');
  await waitForHydration(page);
  const main = page.getByRole('main');
  await expect(
    main.getByRole('listitem').filter({ hasText: 'De kracht van stilte' }).getByText('2 previews'),
  ).toBeVisible();
  await main.getByRole('button', { name: 'New idea' }).click();
  await main.getByLabel('Title').fill(title);
  await main.getByLabel('Description').fill('Een nieuwe reeks');
  await main.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Idea saved')).toBeVisible();
  const card = main.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: 'Edit' }).click();
  await main.getByLabel('Title').fill(`${title} (edited)`);
  await main.getByRole('button', { name: 'Save' }).click();
  await expect(main.getByRole('heading', { name: `${title} (edited)` })).toBeVisible();
  await main
    .getByRole('listitem')
    .filter({ hasText: `${title} (edited)` })
    .getByRole('button', { name: 'Archive' })
    .click();
  await expect(main.getByRole('heading', { name: `${title} (edited)` })).toHaveCount(0);
  const [row] = (await service(
    `ideas?select=status&title=eq.${encodeURIComponent(`${title} (edited)`)}`,
  )) as Array<{ status: string }>;
  expect(row?.status).toBe('archived');
  await checkA11y(page);
});
