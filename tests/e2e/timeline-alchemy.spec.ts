import { expect as baseExpect, checkA11y, test, waitForHydration } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';
import { arrangePreview, inbox, LOTTE, service } from './timeline-alchemy-helpers.ts';

// These pages load supabase-js and the data after hydration; on a busy machine that takes seconds.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const ADMIN_PAGES = ['dashboard', 'calendar', 'ideas', 'blog-posts', 'preview-wizard'].map(
  (p) => `/timeline-alchemy/admin/${p}`,
);
const CLIENT_PAGES = ['my-previews', 'calendar', 'social-connections'].map(
  (p) => `/timeline-alchemy/client/${p}`,
);

test('admin creates a preview in three platforms; the client approves, sees the edit as a diff and asks for changes', async ({
  browser,
}) => {
  const title = `Spring retreat ${Date.now()}`;
  const admin = await (await browser.newContext()).newPage();
  await storeSession(admin, 'admin@example.com');
  await admin.goto('/en/timeline-alchemy/admin/preview-wizard');
  await waitForHydration(admin);
  const main = admin.getByRole('main');
  const next = main.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await main.getByRole('radio', { name: /Lotte Jansen/ }).check();
  await next.click();
  await main.getByRole('button', { name: /De kracht van stilte/ }).click();
  await next.click();
  for (const platform of ['X (Twitter)', 'Instagram', 'LinkedIn']) {
    await main.getByRole('checkbox', { name: platform }).check();
  }
  const x = main.getByRole('textbox', { name: 'X (Twitter)', exact: true });
  await x.fill(`${'Stilte '.repeat(40)}https://example.com/stilte`);
  await expect(main.getByText(/X \(Twitter\): \d+ characters too long/)).toBeVisible();
  await next.click();
  await next.click();
  await main.getByLabel('Title', { exact: true }).fill(title);
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA');
  await main.getByLabel('Date', { exact: true }).fill(tomorrow);
  await main.getByLabel('Time', { exact: true }).fill('10:00');
  await expect(main.getByRole('button', { name: 'Save Preview' })).toBeDisabled();
  await main.getByRole('button', { name: 'Previous' }).click();
  await main.getByRole('button', { name: 'Previous' }).click();
  // Shortened: 23 for the URL plus the words stays under 280.
  await x.fill('Stilte is thuiskomen. https://example.com/a/very/long/path/to/the/article 🙂');
  await expect(main.getByText(/characters too long/)).toHaveCount(0);
  await next.click();
  await next.click();
  await main.getByRole('button', { name: 'Save Preview' }).click();
  await expect(admin).toHaveURL(/\/en\/timeline-alchemy\/admin\/dashboard/);

  // The client (in Dutch) sees it with each platform's mockup and approves it.
  const client = await (await browser.newContext()).newPage();
  await storeSession(client, 'lotte@example.com');
  await client.goto('/timeline-alchemy/client/my-previews');
  const card = client.getByRole('article', { name: title });
  await expect(card.getByRole('figure')).toHaveCount(3);
  await card.getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(client.getByText('Preview goedgekeurd!')).toBeVisible();
  await expect(card.getByText('Goedgekeurd en klaar om te publiceren')).toBeVisible();

  // The admin edits the LinkedIn text: a new version, pending again.
  const [row] = (await service(
    `previews?select=id&idea_id=in.(${(await service(`ideas?select=id&title=eq.${encodeURIComponent(title)}`)).map((i: { id: string }) => i.id).join(',')})`,
  )) as Array<{ id: string }>;
  await admin.goto(`/en/timeline-alchemy/admin/preview-wizard?id=${row?.id}&edit=true`);
  await waitForHydration(admin);
  await admin
    .getByRole('main')
    .getByRole('textbox', { name: 'LinkedIn', exact: true })
    .fill('Vijf dagen stilte in de Ardennen, nu met ademwerk.');
  await admin.getByRole('main').getByRole('button', { name: 'Next' }).click();
  await admin.getByRole('main').getByRole('button', { name: 'Next' }).click();
  await admin.getByRole('main').getByRole('button', { name: 'Save Preview' }).click();
  await expect(admin).toHaveURL(/admin\/dashboard/);

  await client.reload();
  await expect(card.getByText('In afwachting', { exact: true })).toBeVisible();
  await expect(card.getByText(/Gewijzigd sinds je laatste review \(versie 1 → 2\)/)).toBeVisible();
  await expect(card.getByTestId('revision-diff').locator('ins')).not.toHaveCount(0);
  await card.getByRole('button', { name: 'Wijzigingen vragen' }).click();
  await card.getByRole('button', { name: 'Verzoek versturen' }).click();
  await expect(card.getByText('Beschrijf welke wijzigingen je wilt.')).toBeVisible();
  await card.getByLabel('Wat moet er anders?').fill('Graag de prijs noemen.');
  await card.getByRole('button', { name: 'Verzoek versturen' }).click();
  await expect(client.getByText('Wijzigingen gevraagd!')).toBeVisible();
  await checkA11y(client);

  // The admin sees the feedback on the dashboard card, and the history on the preview.
  await admin.goto('/en/timeline-alchemy/admin/dashboard');
  await admin.getByRole('searchbox').fill('Ardennen, nu met ademwerk');
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(admin.getByRole('article', { name: title }).getByText('Graag de prijs noemen.')).toBeVisible();
  await checkA11y(admin);
  await admin.goto(`/en/timeline-alchemy/admin/preview-wizard?id=${row?.id}`);
  const history = admin.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveText([
    /Created · Version 1/,
    /Approved · Version 1/,
    /Edited · Version 2/,
    /Changes requested · Version 2/,
  ]);
});

test('an approved preview whose time has come is published by the timer; a pending one is only overdue', async ({
  page,
}) => {
  // A platform without an API in this slice (X and LinkedIn post first: ta-publishing.spec.ts).
  const approved = await arrangePreview(LOTTE, `Due ${Date.now()}`, {
    channel: 'Custom Post',
    template: 'Custom Post',
    status: 'approved',
    approved_revision: 1,
  });
  const pending = await arrangePreview(LOTTE, `Late ${Date.now()}`);
  const past = new Date(Date.now() - 60_000).toISOString();
  // Moving the time is an edit (version 2); the client approves version 2 as the fixture.
  await service(`previews?id=eq.${approved}`, {
    method: 'PATCH',
    body: JSON.stringify({ scheduled_at: past }),
  });
  await service(`previews?id=eq.${approved}`, {
    method: 'PATCH',
    body: JSON.stringify({ status: 'approved', approved_revision: 2 }),
  });
  await service(`previews?id=eq.${pending}`, {
    method: 'PATCH',
    body: JSON.stringify({ scheduled_at: past }),
  });
  await expect
    .poll(
      async () =>
        ((await service(`previews?select=status&id=eq.${approved}`)) as Array<{ status: string }>)[0]?.status,
      { timeout: 20_000 },
    )
    .toBe('published');
  expect(
    ((await service(`previews?select=status&id=eq.${pending}`)) as Array<{ status: string }>)[0]?.status,
  ).toBe('pending');
  await storeSession(page, 'lotte@example.com');
  await page.goto('/en/timeline-alchemy/client/my-previews');
  await expect(page.getByRole('article', { name: /^Late / }).getByText('Overdue')).toBeVisible();
});

test('a client reviews through an e-mailed link without signing in; the decision is recorded "via link"', async ({
  browser,
}) => {
  const title = `Link review ${Date.now()}`;
  await arrangePreview(LOTTE, title);
  const admin = await (await browser.newContext()).newPage();
  await storeSession(admin, 'admin@example.com');
  await admin.goto('/en/timeline-alchemy/admin/dashboard');
  await waitForHydration(admin);
  await admin
    .getByRole('combobox', { name: 'Client' })
    .selectOption({ label: 'Lotte Jansen (Lotus Yoga Studio)' });
  await admin.getByRole('button', { name: 'Send review link' }).click();
  await expect(admin.getByText('Review link sent to lotte@example.com')).toBeVisible();
  // The mail arrives in the local stack's inbox (SMTP capture, JSON on gateway port + 3), in the
  // CLIENT's language (Lotte chose none and signed up without one: Dutch), not the admin's English.
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${inbox}/api/messages?to=lotte@example.com`)).json()) as Array<{
        subject: string;
        links: string[];
      }>;
      link =
        mails
          .flatMap((m) => (m.subject === 'Je previews staan klaar voor review' ? m.links : []))
          .find((l) => l.includes('#token=')) ?? '';
      return link;
    })
    .toMatch(/^https?:\/\/[^/]+\/timeline-alchemy\/review#token=/);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link.replace('/timeline-alchemy/', '/de/timeline-alchemy/'));
  const card = visitor.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Freigeben' }).click();
  await expect(visitor.getByText('Vorschau freigegeben!')).toBeVisible();
  await expect(card).toHaveCount(0);
  const [row] = (await service(
    `previews?select=id,status&idea_id=in.(${(await service(`ideas?select=id&title=eq.${encodeURIComponent(title)}`)).map((i: { id: string }) => i.id).join(',')})`,
  )) as Array<{ id: string; status: string }>;
  expect(row?.status).toBe('approved');
  await admin.goto(`/en/timeline-alchemy/admin/preview-wizard?id=${row?.id}`);
  await expect(
    admin.getByRole('region', { name: 'History' }).getByText(/Approved · Version 1 · via link/),
  ).toBeVisible();

  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto('/de/timeline-alchemy/review#token=not-a-real-token-at-all-123');
  await expect(
    stranger.getByText('Dieser Prüflink ist ungültig oder abgelaufen.', { exact: false }),
  ).toBeVisible();
});

test('the client journey in German: the diff since the last review, tabs with counts, accessible', async ({
  page,
}) => {
  await storeSession(page, 'bram@example.com');
  await page.goto('/de/timeline-alchemy/client/my-previews');
  const card = page.getByRole('article', { name: 'Leiderschap en adem' });
  await expect(card.getByText('Geändert seit deiner letzten Prüfung (Version 1 → 2)')).toBeVisible();
  await expect(card.getByTestId('revision-diff').locator('ins').first()).toHaveText(/bewuste/);
  await page.getByRole('tab', { name: /Ausstehend/ }).click();
  await expect(page.getByRole('heading', { name: /Vorschauen \(\d+\)/ })).toBeVisible();
  await checkA11y(page);
});

test('signed-out visitors go to sign in and come back; members, and clients on admin pages, are not allowed', async ({
  browser,
}) => {
  const visitor = await (await browser.newContext()).newPage();
  for (const path of [...ADMIN_PAGES, ...CLIENT_PAGES]) {
    await visitor.goto(`/en${path}?id=x`);
    await expect(visitor).toHaveURL(/\/en\/auth\?next=/);
    expect(new URL(visitor.url()).searchParams.get('next')).toBe(`/en${path}?id=x`);
  }
  const member = await (await browser.newContext()).newPage();
  await storeSession(member, 'emma@example.com');
  for (const path of [...ADMIN_PAGES, ...CLIENT_PAGES]) {
    await member.goto(path);
    await expect(member.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();
  }
  const client = await (await browser.newContext()).newPage();
  await storeSession(client, 'bram@example.com');
  for (const path of ADMIN_PAGES) {
    await client.goto(`/en${path}`);
    await expect(client.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  }
  await expect(client.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
});

test('social connections offers X and LinkedIn to connect, nothing connected yet (no sample accounts)', async ({
  page,
}) => {
  await storeSession(page, 'lotte@example.com');
  await page.goto('/en/timeline-alchemy/client/social-connections');
  for (const platform of ['X', 'LinkedIn']) {
    const card = page.getByRole('listitem', { name: platform, exact: true });
    await expect(card.getByText('Not connected')).toBeVisible();
    await expect(card.getByRole('button', { name: `Connect ${platform}` })).toBeEnabled();
  }
  await expect(page.getByText(/Sample data/)).toHaveCount(0);
  await checkA11y(page);
});

test('the landing page is public', async ({ page }) => {
  await page.goto('/de/timeline-alchemy');
  await expect(page.getByRole('heading', { level: 1, name: 'Timeline Alchemy' })).toBeVisible();
  await checkA11y(page);
});
