import { expect as baseExpect, checkA11y, test, waitForHydration } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';
import { newClientAccount, service } from './timeline-alchemy-helpers.ts';

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
  await storeSession(page, 'admin@example.com');
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
  await storeSession(page, 'admin@example.com');
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

const TEXTS = {
  nl: {
    prefix: '',
    next: 'Volgende',
    previous: 'Vorige',
    date: 'Datum',
    time: 'Tijd',
    save: 'Preview opslaan',
    admin: 'jouw tijd, Europe/Amsterdam',
    unknown: 'De tijdzone van de klant is nog niet bekend',
    client: 'tijd van de klant, America/New_York',
    details: 'Debug-info: wat er wordt opgeslagen',
    utc: 'Gepland (UTC)',
    first: '1 (nieuwe preview)',
    own: 'jouw tijd, America/New_York',
    zone: 'Tijdzone',
    saveZone: 'Tijdzone opslaan',
    locale: 'nl-NL',
  },
  de: {
    prefix: '/de',
    next: 'Weiter',
    previous: 'Zurück',
    date: 'Datum',
    time: 'Uhrzeit',
    save: 'Vorschau speichern',
    admin: 'deine Zeit, Europe/Amsterdam',
    unknown: 'Die Zeitzone des Kunden ist noch nicht bekannt',
    client: 'Zeit des Kunden, America/New_York',
    details: 'Debug-Info: was gespeichert wird',
    utc: 'Geplant (UTC)',
    first: '1 (neue Vorschau)',
    own: 'deine Zeit, America/New_York',
    zone: 'Zeitzone',
    saveZone: 'Zeitzone speichern',
    locale: 'de-DE',
  },
} as const;

for (const lang of ['nl', 'de'] as const) {
  test(`${lang}: step 5 shows the admin's and the client's local time and what will be saved; the client sees their own time`, async ({
    browser,
  }) => {
    const x = TEXTS[lang];
    const name = `Zone ${lang} ${Date.now()}`;
    const account = await newClientAccount(name);
    const admin = await (await browser.newContext({ timezoneId: 'Europe/Amsterdam' })).newPage();
    await storeSession(admin, 'admin@example.com');
    await admin.goto(`${x.prefix}/timeline-alchemy/admin/preview-wizard`);
    await waitForHydration(admin);
    const main = admin.getByRole('main');
    const next = main.getByRole('button', { name: x.next, exact: true });
    await main.getByRole('radio', { name: new RegExp(name) }).check();
    await next.click();
    await main.getByRole('button', { name: /De kracht van stilte/ }).click();
    await next.click();
    await main.getByRole('checkbox', { name: 'LinkedIn' }).check();
    await next.click();
    await next.click();
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA');
    await main.getByLabel(x.date, { exact: true }).fill(tomorrow);
    await main.getByLabel(x.time, { exact: true }).fill('10:00');

    // The client has never opened their previews: their zone is unknown, UTC is shown instead.
    const times = main.getByTestId('schedule-times');
    await expect(times).toContainText(`10:00 (${x.admin})`);
    await expect(times).toContainText(x.unknown);
    const details = main.getByTestId('save-details');
    await details.getByText(x.details).click();
    await expect(details.getByText(x.utc)).toBeVisible();
    await expect(details).toContainText(account.id);
    await expect(details).toContainText('LinkedIn');
    await expect(details).toContainText(x.first);
    const iso = (await details.locator('dd').nth(4).textContent()) ?? '';
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
    const hm = (zone: string) =>
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: zone,
      }).format(new Date(iso));
    expect(hm('Europe/Amsterdam')).toBe('10:00');
    await expect(times).toContainText(`${hm('UTC')} UTC`);
    await checkA11y(admin);

    // The client opens their page from New York: the browser's zone is offered, saving stores it
    // (issue 24: the zone is an explicit setting) and the wizard shows it.
    const storedZone = async () =>
      (await service(`profile_time_zones?select=time_zone&profile_id=eq.${account.id}`))[0]?.time_zone;
    const client = await (await browser.newContext({ timezoneId: 'America/New_York' })).newPage();
    await storeSession(client, account.email);
    await client.goto(`${x.prefix}/timeline-alchemy/client/my-previews`);
    const setting = client.getByTestId('time-zone-setting');
    await expect(setting.getByRole('combobox', { name: x.zone })).toHaveValue('America/New_York');
    expect(await storedZone()).toBeUndefined();
    await setting.getByRole('button', { name: x.saveZone }).click();
    await expect.poll(storedZone).toBe('America/New_York');
    await main.getByRole('button', { name: x.previous, exact: true }).click();
    await next.click();
    await expect(times).toContainText(`${hm('America/New_York')} (${x.client})`);
    await expect(times).not.toContainText(x.unknown);
    await main.getByRole('button', { name: x.save }).click();
    await expect(admin).toHaveURL(/\/timeline-alchemy\/admin\/dashboard/);

    // The client's card shows the time in their stored zone.
    await client.reload();
    await expect(client.getByRole('article').first()).toContainText(`${hm('America/New_York')} (${x.own})`);

    // One visit from a browser in UTC does not move it (it used to).
    const travelling = await (await browser.newContext({ timezoneId: 'UTC' })).newPage();
    await storeSession(travelling, account.email);
    await travelling.goto(`${x.prefix}/timeline-alchemy/client/my-previews`);
    await expect(travelling.getByRole('article').first()).toContainText(
      `${hm('America/New_York')} (${x.own})`,
    );
    await expect(travelling.getByTestId('time-zone-setting').getByRole('combobox')).toHaveValue(
      'America/New_York',
    );
    expect(await storedZone()).toBe('America/New_York');
  });
}
