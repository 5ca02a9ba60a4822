import { expect, test, waitForHydration } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';
import { arrangePreview, newClientAccount, service } from './timeline-alchemy-helpers.ts';

// Issue 27 (LinkedIn organization pages), in German: a client who administers an organization
// page connects LinkedIn through the stand-in's login page, chooses to post as the page, and the
// timer posts the approved preview once, with the organization as its author.
const backendPort = Number(process.env.E2E_BACKEND_PORT ?? 24521);
const platformsPort = Number(process.env.E2E_PLATFORMS_PORT ?? backendPort + 19);
const linkedin = `http://127.0.0.1:${platformsPort + 1}`;

test('a client connects LinkedIn as their organization page; the timer posts once as it (de)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const n = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
  const member = `werkstatt${n}`;
  const organization = `Stille Werkstatt ${n}`;
  // The stand-in's seeded roles: this member administers this organization (LinkedIn's ACL).
  const granted = await fetch(`${linkedin}/__acl`, {
    method: 'POST',
    body: JSON.stringify({ organization: n, name: organization, username: member, role: 'ADMINISTRATOR' }),
  });
  expect(granted.status).toBe(200);
  const client = await newClientAccount(`Werkstatt ${n}`);
  await storeSession(page, client.email);
  await page.goto('/de/timeline-alchemy/client/social-connections');
  await waitForHydration(page);
  await page
    .getByRole('listitem', { name: 'LinkedIn', exact: true })
    .getByRole('button', { name: /LinkedIn.*verbinden|verbinden.*LinkedIn/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`^${linkedin}/oauth/v2/authorization`));
  await page.getByLabel('Account').fill(member);
  await page.getByRole('button', { name: 'Authorize app' }).click();
  await expect(page).toHaveURL(/\/de\/timeline-alchemy\/client\/social-connections\?choose=linkedin/);
  await waitForHydration(page);

  const chooser = page.getByRole('region', { name: 'Von wem sollen deine LinkedIn-Beiträge kommen?' });
  await expect(chooser.getByText('dein eigenes Profil')).toBeVisible();
  await expect(chooser.getByText('eine Unternehmensseite, die du verwaltest')).toBeVisible();
  await chooser.getByRole('button', { name: `Als ${organization} posten` }).click();
  await expect(page.getByRole('main').getByText('Das Konto ist verbunden.')).toBeVisible();
  const card = page.getByRole('listitem', { name: 'LinkedIn', exact: true });
  await expect(card.getByText('Verbunden', { exact: true })).toBeVisible();
  await expect(card.getByText(organization)).toBeVisible();

  const title = `Werkstatt post ${n}`;
  const text = `${title} text`;
  const preview = await arrangePreview(client.id, title, {
    status: 'approved',
    approved_revision: 1,
    reviewed_revision: 1,
    scheduled_at: new Date(Date.now() - 1000).toISOString(),
  });
  await expect
    .poll(
      async () =>
        ((await service(`previews?select=status&id=eq.${preview}`)) as Array<{ status: string }>)[0]?.status,
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe('published');
  const posts = (await (await fetch(`${linkedin}/__posts`)).json()) as Array<{
    text: string;
    author: string;
  }>;
  expect(posts.filter((p) => p.text === text).map((p) => p.author)).toEqual([`urn:li:organization:${n}`]);
});
