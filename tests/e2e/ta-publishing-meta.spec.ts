import { expect, test, waitForHydration } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';
import { arrangePreview, newClientAccount, service } from './timeline-alchemy-helpers.ts';

// Issue 27 (Facebook Pages and Instagram): a client connects Facebook through the Graph stand-in's
// login page, picks the Page that has an Instagram business account, approves a preview with an
// image, the timer posts it once to each, and the preview links to both posts.
const backendPort = Number(process.env.E2E_BACKEND_PORT ?? 24521);
const platformsPort = Number(process.env.E2E_PLATFORMS_PORT ?? backendPort + 19);
const meta = `http://127.0.0.1:${platformsPort + 2}`;
// A public picture of the local stack (the seed's): Instagram fetches the image from its URL.
const IMAGE = `http://127.0.0.1:${backendPort}/storage/v1/object/public/blog_images/stilte.svg`;

const TEXTS = {
  nl: {
    connect: 'Facebook koppelen',
    pick: 'Studio koppelen',
    connected: 'Het account is gekoppeld.',
    status: 'Verbonden',
    approve: 'Goedkeuren',
    view: 'Bekijk op',
    posted: 'Geplaatst',
  },
  de: {
    connect: 'Facebook verbinden',
    pick: 'Studio verbinden',
    connected: 'Das Konto ist verbunden.',
    status: 'Verbunden',
    approve: 'Freigeben',
    view: 'ansehen',
    posted: 'Gepostet',
  },
} as const;

for (const lang of ['nl', 'de'] as const) {
  test(`a client connects a Facebook Page with its Instagram account; the timer posts once to each (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const words = TEXTS[lang];
    const prefix = lang === 'nl' ? '' : `/${lang}`;
    const client = await newClientAccount(`Meta publisher ${lang}`);
    await storeSession(page, client.email);
    await page.goto(`${prefix}/timeline-alchemy/client/social-connections`);
    await waitForHydration(page);
    await page
      .getByRole('listitem', { name: 'Facebook', exact: true })
      .getByRole('button', { name: words.connect })
      .click();
    // Facebook's login page (the stand-in), then back to ours to pick the Page.
    await expect(page).toHaveURL(new RegExp(`^${meta}/v\\d+\\.\\d+/dialog/oauth`));
    await page.getByLabel('Account').fill(`meta${lang}`);
    await page.getByRole('button', { name: 'Authorize app' }).click();
    await expect(page).toHaveURL(
      new RegExp(`${prefix}/timeline-alchemy/client/social-connections\\?choose=facebook`),
    );
    await waitForHydration(page);
    await page.getByRole('button', { name: `meta${lang} ${words.pick}` }).click();
    await expect(page.getByRole('main').getByText(words.connected)).toBeVisible();
    for (const platform of ['Facebook', 'Instagram']) {
      await expect(
        page.getByRole('listitem', { name: platform, exact: true }).getByText(words.status, { exact: true }),
      ).toBeVisible();
    }

    const title = `Meta post ${lang} ${Date.now()}`;
    const text = `${title} text`;
    const preview = await arrangePreview(client.id, title, {
      channel: 'Facebook, Instagram',
      template: 'Facebook, Instagram',
      draft_content: { content: text, selectedPosts: [], image: IMAGE },
      scheduled_at: new Date(Date.now() + 12_000).toISOString(),
    });
    await page.goto(`${prefix}/timeline-alchemy/client/my-previews`);
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
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe('published');

    await page.reload();
    await waitForHydration(page);
    const card = page.getByRole('article', { name: title });
    const posts = (await (await fetch(`${meta}/__posts`)).json()) as Array<{
      text: string;
      network: string;
      image?: string;
    }>;
    for (const platform of ['Facebook', 'Instagram']) {
      const mine = posts.filter((p) => p.text === text && p.network === platform.toLowerCase());
      expect(mine).toHaveLength(1);
      expect(mine[0]?.image).toBe(IMAGE);
      const link = card.getByRole('link', {
        name: new RegExp(`${words.view}.*${platform}|${platform}.*${words.view}`),
      });
      const href = (await link.getAttribute('href')) ?? '';
      expect(href.startsWith(meta)).toBe(true);
      const live = await page.context().newPage();
      await live.goto(href);
      await expect(live.getByText(text)).toBeVisible();
      await live.close();
    }
    await expect(card.getByText(words.posted, { exact: true })).toHaveCount(2);
  });
}
