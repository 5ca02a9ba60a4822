import { expect, test, waitForHydration } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';
import { arrangePreview, newClientAccount, service } from './timeline-alchemy-helpers.ts';

// Issue 27 (X and LinkedIn): a client connects both accounts through the platforms' OAuth pages
// (the local stand-ins), approves a preview, the timer posts it, and the preview links to both
// posts; each stand-in holds exactly one post with the text.
const platformsPort = Number(
  process.env.E2E_PLATFORMS_PORT ?? Number(process.env.E2E_BACKEND_PORT ?? 24521) + 19,
);
const standIns = {
  X: `http://127.0.0.1:${platformsPort}`,
  LinkedIn: `http://127.0.0.1:${platformsPort + 1}`,
};

const TEXTS = {
  en: {
    connect: 'Connect',
    connected: 'The account is connected.',
    approve: 'Approve',
    view: 'View on',
    posted: 'Posted',
  },
  de: {
    connect: 'verbinden',
    connected: 'Das Konto ist verbunden.',
    approve: 'Freigeben',
    view: 'ansehen',
    posted: 'Gepostet',
  },
} as const;

for (const lang of ['en', 'de'] as const) {
  test(`a client connects X and LinkedIn, approves, and the timer posts once to each (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const words = TEXTS[lang];
    const client = await newClientAccount(`Publisher ${lang}`);
    await storeSession(page, client.email);
    await page.goto(`/${lang}/timeline-alchemy/client/social-connections`);
    await waitForHydration(page);
    for (const platform of ['X', 'LinkedIn'] as const) {
      const card = page.getByRole('listitem', { name: platform, exact: true });
      await card
        .getByRole('button', {
          name: new RegExp(`${platform}.*${words.connect}|${words.connect}.*${platform}`),
        })
        .click();
      // The platform's own approval page (the stand-in), then back to ours.
      await expect(page).toHaveURL(new RegExp(`^${standIns[platform]}/`));
      await page.getByLabel('Account').fill(`${lang}_${platform.toLowerCase()}`);
      await page.getByRole('button', { name: 'Authorize app' }).click();
      await expect(page).toHaveURL(
        new RegExp(`/${lang}/timeline-alchemy/client/social-connections\\?connected=`),
      );
      await expect(page.getByRole('main').getByText(words.connected)).toBeVisible();
    }

    const title = `Post ${lang} ${Date.now()}`;
    const text = `${title} text`;
    const preview = await arrangePreview(client.id, title, {
      channel: 'X (Twitter), LinkedIn',
      template: 'X (Twitter), LinkedIn',
      draft_content: { content: text, selectedPosts: [], image: null },
      scheduled_at: new Date(Date.now() + 12_000).toISOString(),
    });
    await page.goto(`/${lang}/timeline-alchemy/client/my-previews`);
    await waitForHydration(page);
    await page
      .getByRole('article', { name: title })
      .getByRole('button', { name: words.approve, exact: true })
      .click();
    await expect
      .poll(
        async () =>
          ((await service(`previews?select=status&id=eq.${preview}`)) as Array<{ status: string }>)[0]
            ?.status,
        {
          timeout: 60_000,
          intervals: [1000],
        },
      )
      .toBe('published');

    await page.reload();
    await waitForHydration(page);
    const card = page.getByRole('article', { name: title });
    for (const platform of ['X', 'LinkedIn'] as const) {
      const link = card.getByRole('link', {
        name: new RegExp(`${words.view}.*${platform}|${platform}.*${words.view}`),
      });
      const href = (await link.getAttribute('href')) ?? '';
      expect(href.startsWith(standIns[platform])).toBe(true);
      const posts = (await (await fetch(`${standIns[platform]}/__posts`)).json()) as Array<{ text: string }>;
      expect(posts.filter((p) => p.text === text)).toHaveLength(1);
      const live = await page.context().newPage();
      await live.goto(href);
      await expect(live.getByText(text)).toBeVisible();
      await live.close();
    }
    await expect(card.getByText(words.posted, { exact: true })).toHaveCount(2);
  });
}

test('the dashboard reads the publications of all its cards at once, not one request per card', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && request.url().includes('/rest/v1/preview_publications?'))
      asked.push(decodeURIComponent(request.url()));
  });
  await storeSession(page, 'admin@example.com');
  await page.goto('/en/timeline-alchemy/admin/dashboard');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.nth(1)).toBeVisible();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  const shown = await cards.count();
  // The first read names every card of the first render (a later card, live or paged, may add one).
  const first = asked[0] ?? '';
  const ids = first.match(/preview_id=in\.\(([^)]*)\)/)?.[1]?.split(',') ?? [];
  expect(ids.length).toBe(shown);
  expect(asked.length).toBeLessThan(shown);
});
