import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Fails the test when axe finds WCAG 2.x A/AA violations on the page as it is now. */
export async function checkA11y(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * Waits until every island on the page has hydrated, before clicking one: the signed-in apps
 * (<ReactIsland>, marked `data-hydrated` by mount()) and any Astro island.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr], [data-react-island]:not([data-hydrated])')).toHaveCount(0);
}

/**
 * Server-rendered pages start their module scripts after the first paint
 * (src/lib/build/critical-css.ts), which can be just after the load event Playwright's navigation
 * waits for; `<html data-modules="ready">` says they have run. A test acts like a person who
 * waits for the page to be ready, so navigations here wait for it too.
 */
async function modulesReady(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.querySelector('script[data-defer-modules]') ||
        document.documentElement.dataset.modules === 'ready',
      undefined,
      { timeout: 15_000 },
    )
    // A page that navigates away meanwhile: the next step sees the new page.
    .catch((error: Error) => {
      if (!/context was destroyed|navigation|Target .* closed/i.test(error.message)) throw error;
    });
}

/** Makes goto, reload, goBack and goForward of `page` return once its deferred modules have run. */
export function waitForModulesOnNavigation(page: Page): void {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await original(...args);
        await modulesReady(page);
        return response;
      },
    });
  }
}

/**
 * The newsletter popup opens after 20 s on any page for signed-out visitors; tests that are not
 * about it mark it as already shown this session so it never covers what they click.
 * tests/e2e/newsletter.spec.ts tests the popup itself with Playwright's own `test`.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    context.on('page', waitForModulesOnNavigation);
    await use(context);
  },
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      try {
        sessionStorage.setItem('newsletter-popup-shown', '1');
      } catch {}
    });
    await use(page);
  },
});
export { expect };
