import type { Locator } from '@playwright/test';
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';
import { contextFor, newMember, PHONE, service } from './messages-helpers.ts';

/*
 * Issue 24, point 4: no English on Dutch and German screens, and long names or words never run
 * out of their boxes. Each test is in the language where the problem showed.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

test('de: the wizard names platforms and a blog post’s ready-made texts in German, not by their stored keys', async ({
  page,
}) => {
  await storeSession(page, 'admin@example.com');
  await page.goto('/de/timeline-alchemy/admin/preview-wizard');
  await waitForHydration(page);
  const main = page.getByRole('main');
  const next = main.getByRole('button', { name: 'Weiter', exact: true });
  await main.getByRole('radio', { name: /Lotte Jansen/ }).check();
  await next.click();
  const post = main.getByRole('button', { name: /De kracht van stilte/ });
  await post.click();
  // Step 2 showed the columns' names: `facebook:`, `x:`.
  await expect(post).toContainText('Facebook: Stilte is geen afwezigheid van geluid.');
  await expect(post).toContainText('X (Twitter): Stilte is geen afwezigheid');
  await expect(post).not.toContainText('facebook:');
  await expect(post).not.toContainText(/\bx:/);
  await next.click();
  // Step 3 offered 'Blog Post' and 'Custom Post' in English.
  await expect(main.getByRole('checkbox', { name: 'Blogbeitrag', exact: true })).toBeVisible();
  await expect(main.getByRole('checkbox', { name: 'Eigener Beitrag', exact: true })).toBeVisible();
  await expect(main.getByText('Blog Post')).toHaveCount(0);
  await expect(main.getByText('Custom Post')).toHaveCount(0);
});

test('nl: the consent ledger shows statuses and events in Dutch (the files keep the stored words)', async ({
  page,
}) => {
  const address = `ledger-${Date.now()}@example.com`;
  const site = `http://127.0.0.1:${process.env.E2E_PORT ?? 4329}`;
  const res = await fetch(`${site}/api/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site },
    body: JSON.stringify({
      email: address,
      firstName: 'Nina',
      lastName: 'Nieuw',
      consent: true,
      language: 'nl',
      source: 'footer',
      consentVersion: '2026-11',
    }),
  });
  expect(res.status).toBe(202);
  await storeSession(page, 'admin@example.com');
  await page.goto('/newsletter/admin');
  await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByLabel('Eén adres (leeg = alle)').fill(address);
  await main.getByRole('button', { name: 'Tonen' }).click();
  const table = main.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'Aangemeld' })).toContainText('Wacht op bevestiging');
  await expect(table).not.toContainText('sign_up');
  await expect(table).not.toContainText('pending');
});

/** How far `inner` sticks out of `outer` on the right, in CSS pixels (0 when inside). */
async function overflowRight(inner: Locator, outer: Locator): Promise<number> {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  if (!a || !b) throw new Error('not laid out');
  return Math.max(0, Math.round(a.x + a.width - (b.x + b.width)));
}

test('de, phone: a 40-character name stays inside the directory card, an unbroken URL inside its post', async ({
  browser,
}) => {
  const longName = `Maximilianus${'x'.repeat(28)}`;
  expect(longName).toHaveLength(40);
  const author = await newMember(longName);
  const reader = await newMember('Lena Leserin');
  const title = `Langer Link ${Date.now()}`;
  const url = `https://example.com/${'a'.repeat(160)}`;
  const { error } = await service
    .from('posts')
    .insert({ title, content: `Siehe ${url}`, user_id: author.id });
  expect(error).toBeNull();

  const { page, context } = await contextFor(browser, reader, PHONE);
  await page.goto('/de/community');
  await waitForHydration(page);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  // The feed loads after hydration and its data client; on a busy machine that takes a while.
  await expect(card).toBeVisible({ timeout: 60_000 });
  expect(await overflowRight(card.getByRole('link', { name: /example\.com/ }), card)).toBe(0);
  expect(await overflowRight(card.getByRole('link', { name: longName }), card)).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  const directory = page.getByRole('region', { name: 'Mitglieder' });
  await directory.getByLabel('Mitglieder nach Namen suchen').fill('Maximilianus');
  const entry = directory.getByRole('link', { name: longName });
  await expect(entry).toBeVisible();
  expect(await overflowRight(entry, directory)).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await context.close();
});
