import { DEMO_LOGINS } from '../../supabase/local/keys.ts';
import { expect, test } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';

/*
 * Nothing jumps while a signed-in page fills in (issue 26: Lighthouse gave these pages a layout
 * shift of 0.19-0.44 on a phone, a quarter of their performance score). Their content arrives
 * after the first paint, so the page holds its place: the footer starts below the screen
 * (BaseLayout's fillScreen), loading lists and counters keep the height of what comes, and the
 * header shows the avatar instead of the sign-in link from the first paint when a session is
 * stored (html[data-session]). Measured as a phone sees it: every layout shift of the load added
 * up (stricter than Lighthouse, which takes the worst five-second window).
 */
test.setTimeout(60_000);

const id = (email: string) => {
  const found = DEMO_LOGINS.find((l) => l.email === email);
  if (!found) throw new Error(`No seeded ${email}`);
  return found.id;
};
const pages = [
  { path: '/community', as: 'emma@example.com' },
  { path: '/messages', as: 'emma@example.com' },
  { path: `/messages/${id('noah@example.com')}`, as: 'emma@example.com' },
  { path: '/profile', as: 'emma@example.com' },
  { path: '/friends', as: 'emma@example.com' },
  { path: `/user/${id('noah@example.com')}`, as: 'emma@example.com' },
  { path: '/timeline-alchemy/admin/dashboard', as: 'admin@example.com' },
  { path: '/timeline-alchemy/admin/preview-wizard', as: 'admin@example.com' },
  { path: '/timeline-alchemy/client/my-previews', as: 'lotte@example.com' },
  // A content page, signed in: only the header could move.
  { path: '/', as: 'emma@example.com', content: true },
];

test.use({ viewport: { width: 412, height: 823 } });

for (const { path, as, content } of pages) {
  test(`${path} does not move while it fills in (signed in, phone)`, async ({ page }) => {
    await storeSession(page, as);
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: { value: number; sources: string[] }[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node | null }[];
        }[]) {
          if (entry.hadRecentInput) continue;
          const sources = entry.sources.map((s) => {
            const el = s.node instanceof Element ? s.node : s.node?.parentElement;
            return el ? `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}` : '?';
          });
          w.shifts.push({ value: entry.value, sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path);
    if (!content)
      await page.waitForFunction(() => performance.getEntriesByName('first-content').length > 0, null, {
        timeout: 30_000,
      });
    // What follows the first content (comments, the member directory, counters, the header's
    // profile) arrives within moments on this machine.
    await page.waitForTimeout(2_000);
    const shifts = await page.evaluate(
      () => (window as unknown as { shifts: { value: number; sources: string[] }[] }).shifts,
    );
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(
      total,
      `layout shifts: ${shifts.map((s) => `${s.value.toFixed(3)} ${s.sources.join(' ')}`).join('; ')}`,
    ).toBeLessThan(0.05);
  });
}
