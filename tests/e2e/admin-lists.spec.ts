import { readFile } from 'node:fs/promises';
import { newsletterMessages } from '../../src/i18n/messages/newsletter.ts';
import { timelineAlchemyMessages } from '../../src/i18n/messages/timeline-alchemy.ts';
import { timelineAlchemyClientMessages } from '../../src/i18n/messages/timeline-alchemy-client.ts';
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';
import { arrangePreview, LOTTE, service } from './timeline-alchemy-helpers.ts';

/*
 * Lists that had no test of their own (issue 24, point 7): the newsletter admin's consent export,
 * the Timeline Alchemy dashboard's status filters, search and delete, and the client's channel
 * filter and search.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
const ta = (lang: 'en' | 'nl' | 'de') => ({
  ...timelineAlchemyMessages[lang],
  ...timelineAlchemyClientMessages[lang],
});
const site = `http://127.0.0.1:${process.env.E2E_PORT ?? 4329}`;

test('de: the newsletter admin finds one address in the consent ledger and exports it as CSV and JSON', async ({
  page,
}) => {
  const m = newsletterMessages.de;
  const address = `export-${Date.now()}@example.org`;
  const res = await fetch(`${site}/api/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site },
    body: JSON.stringify({
      email: address,
      firstName: 'Ex',
      lastName: 'Port',
      consent: true,
      language: 'de',
      source: 'default',
      consentVersion: '2026-11',
    }),
  });
  expect(res.status).toBe(202);

  await storeSession(page, 'admin@example.com');
  await page.goto('/de/newsletter/admin');
  await waitForHydration(page);
  await page.getByLabel(m['newsletter.admin.email']).fill(address);
  await page.getByRole('button', { name: m['newsletter.admin.show'] }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: address }).first()).toBeVisible();
  // Only that address: every row of the table is its.
  const emails = await table.locator('tbody tr td:first-child').allTextContents();
  expect(emails.length).toBeGreaterThan(0);
  expect(new Set(emails)).toEqual(new Set([address]));

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: m['newsletter.admin.csv'] }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = await readFile((await csv.path()) ?? '', 'utf8');
  expect(csvText).toContain(address);
  expect(csvText.trim().split('\n').length).toBe(emails.length + 1);

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: m['newsletter.admin.json'] }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  expect(await readFile((await json.path()) ?? '', 'utf8')).toContain(address);
});

test('en: the dashboard searches, filters by status and deletes a preview for good', async ({ page }) => {
  const t = ta('en');
  const tag = `Dash${Date.now()}`;
  const pending = `${tag} pending`;
  const approved = `${tag} approved`;
  const pendingId = await arrangePreview(LOTTE, pending);
  await arrangePreview(LOTTE, approved, { status: 'approved', approved_revision: 1 });

  await storeSession(page, 'admin@example.com');
  await page.goto('/en/timeline-alchemy/admin/dashboard');
  await waitForHydration(page);
  const main = page.getByRole('main');
  const card = (title: string) => main.getByRole('article', { name: title });
  await main
    .getByRole('searchbox', { name: t['ta.search'] })
    .or(main.getByLabel(t['ta.search']))
    .first()
    .fill(tag);
  await main.getByRole('button', { name: t['ta.search'], exact: true }).click();
  await expect(card(pending)).toBeVisible();
  await expect(card(approved)).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(2);

  const status = (key: string) =>
    main.getByRole('button', { name: new RegExp(`^${t[key as keyof typeof t]}`) });
  await status('ta.status.approved').click();
  await expect(status('ta.status.approved')).toHaveAttribute('aria-pressed', 'true');
  await expect(card(approved)).toBeVisible();
  await expect(card(pending)).toHaveCount(0);
  await status('ta.status.pending').click();
  await expect(card(pending)).toBeVisible();
  await expect(card(approved)).toHaveCount(0);

  await card(pending).getByRole('button', { name: t['ta.dash.delete'] }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(t['ta.dash.deleteConfirm']);
  await dialog.getByRole('button', { name: t['ta.dash.delete'] }).click();
  await expect(page.getByText(t['ta.dash.deleted'])).toBeVisible();
  await expect(card(pending)).toHaveCount(0);
  expect(await service(`previews?id=eq.${pendingId}&select=id`)).toEqual([]);
  // Still gone after a reload, and the other one is untouched.
  await page.reload();
  await waitForHydration(page);
  await main.getByLabel(t['ta.search']).first().fill(tag);
  await main.getByRole('button', { name: t['ta.search'], exact: true }).click();
  await expect(card(approved)).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(1);
});

test('nl: the client filters her previews by channel and searches their text', async ({ page }) => {
  const t = ta('nl');
  const tag = `Kanaal${Date.now()}`;
  const linkedIn = `${tag} linkedin`;
  const instagram = `${tag} instagram`;
  await arrangePreview(LOTTE, linkedIn);
  await arrangePreview(LOTTE, instagram, {
    channel: 'Instagram',
    template: 'Instagram',
    draft_content: {
      content: 'zonsopgang boven de duinen',
      selectedPosts: [],
      image: null,
      platforms: { Instagram: 'zonsopgang boven de duinen' },
    },
  });

  await storeSession(page, 'lotte@example.com');
  await page.goto('/timeline-alchemy/client/my-previews');
  await waitForHydration(page);
  const main = page.getByRole('main');
  const card = (title: string) => main.getByRole('article', { name: title });
  const search = main.getByLabel(t['ta.search']).first();
  await search.fill(tag);
  await expect(card(linkedIn)).toBeVisible();
  await expect(card(instagram)).toBeVisible();

  const channel = main.getByRole('combobox', { name: t['ta.my.channel'], exact: true });
  await channel.selectOption('Instagram');
  await expect(card(instagram)).toBeVisible();
  await expect(card(linkedIn)).toHaveCount(0);
  await channel.selectOption('LinkedIn');
  await expect(card(linkedIn)).toBeVisible();
  await expect(card(instagram)).toHaveCount(0);
  await channel.selectOption({ label: t['ta.my.allChannels'] });

  // The search reads the post text too, not only the title.
  await search.fill('zonsopgang boven de duinen');
  await expect(card(instagram)).toBeVisible();
  await expect(card(linkedIn)).toHaveCount(0);
  await search.fill(`${tag} nothing like this`);
  await expect(main.getByText(t['ta.my.empty'])).toBeVisible();
});
