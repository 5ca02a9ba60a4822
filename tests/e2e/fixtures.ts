import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

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

/**
 * Makes goto, reload, goBack and goForward of `page` return once its deferred modules have run;
 * a navigation asked to return at `waitUntil: 'commit'` (a test acting before the scripts do)
 * returns then.
 */
export function waitForModulesOnNavigation(page: Page): void {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await original(...args);
        const options = args.at(-1) as { waitUntil?: string } | undefined;
        if (options?.waitUntil !== 'commit') await modulesReady(page);
        return response;
      },
    });
  }
}

/** Console text of a CSP violation: Chromium's own report and the one watchCsp's listener logs. */
const CSP_MESSAGE = /Content Security Policy/i;
const watched = new WeakSet<BrowserContext>();

/**
 * Collects every Content-Security-Policy violation in `context`'s pages into `violations`: the
 * `securitypolicyviolation` events (blocked inline scripts and handlers, eval, connections and
 * images from origins the policy does not list) and Chromium's console reports of them.
 */
async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  context.on('console', (message) => {
    if (CSP_MESSAGE.test(message.text()))
      violations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
  await context.addInitScript(() => {
    addEventListener(
      'securitypolicyviolation',
      (event) =>
        console.error(
          `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
        ),
      true,
    );
  });
}

/**
 * Playwright's `test`, failing any test in whose pages the Content-Security-Policy
 * (src/lib/security-headers.ts) blocked something: every page must work under the policy. It
 * watches the test's own context and every context the test opens with `browser.newContext()`,
 * and closes those when the test ends.
 */
export const guardedTest = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      const opened: BrowserContext[] = [];
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const context = await newContext.apply(browser, args);
        opened.push(context);
        await watchCsp(context, violations);
        return context;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
        // The test's contexts end with it. Left open, their pages (live channels, timers, token
        // refreshes) ran on beside every later test of the worker, and a failure's page snapshot
        // showed the worker's oldest page rather than the test's. In order: the first one closed
        // on a failure gives the snapshot.
        for (const context of opened) await context.close().catch(() => undefined);
      }
      expect(violations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => {
    await watchCsp(context, cspViolations);
    await use(context);
  },
});

/**
 * The newsletter popup opens after 20 s on any page for signed-out visitors; tests that are not
 * about it mark it as already shown this session so it never covers what they click.
 * tests/e2e/newsletter.spec.ts tests the popup itself with Playwright's own `test`.
 */
export const test = guardedTest.extend({
  context: async ({ context, javaScriptEnabled }, use) => {
    // Without JavaScript no module runs: the page is ready as it arrives.
    if (javaScriptEnabled !== false) context.on('page', waitForModulesOnNavigation);
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
