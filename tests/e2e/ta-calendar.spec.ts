import { expect as baseExpect, test, waitForHydration } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';
import { arrangePreview, newClientAccount, service } from './timeline-alchemy-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });
// The viewer's zone: times are shown, dropped and typed in it (neither admin has a stored zone).
test.use({ timezoneId: 'Europe/Amsterdam' });

/** A Wednesday at least a week ahead ('YYYY-MM-DD'): it and the three days after share one week in every language. */
function aWednesdayAhead(): string {
  const d = new Date(Date.now() + 8 * 86_400_000);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const plus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
async function scheduledAt(id: string): Promise<string> {
  const rows = (await service(`previews?id=eq.${id}&select=scheduled_at`)) as { scheduled_at: string }[];
  return new Date(rows[0]?.scheduled_at ?? 0).toISOString();
}

test('the admin moves a preview by dragging it and by keyboard; a reload shows the new time (nl)', async ({
  page,
}) => {
  const client = await newClientAccount(`Kalender Klant ${Date.now()}`);
  const day = aWednesdayAhead();
  const title = `Kalenderpost ${Date.now()}`;
  // 11:00 UTC is 12:00 in Amsterdam (winter time) or 13:00 (summer time): the same day either way.
  const id = await arrangePreview(client.id, title, { scheduled_at: `${day}T11:00:00.000Z` });

  await storeSession(page, 'admin@example.com');
  await page.goto(`/timeline-alchemy/admin/dashboard`);
  await page
    .getByRole('navigation', { name: 'Timeline Alchemy' })
    .getByRole('link', { name: 'Kalender' })
    .click();
  await expect(page).toHaveURL(/\/timeline-alchemy\/admin\/calendar/);
  await page.goto(`/timeline-alchemy/admin/calendar?view=week&date=${day}&client=${client.id}`);
  await waitForHydration(page);
  await expect(page.getByText('Legenda')).toBeVisible();
  const card = page.locator(`[data-preview-id="${id}"]`);
  await expect(page.locator(`section[data-day="${day}"]`).locator(`[data-preview-id="${id}"]`)).toBeVisible();

  // Drag to Thursday: the same time of day, one day later.
  await card.dragTo(page.locator(`section[data-day="${plus(day, 1)}"]`));
  await expect(page.locator('[data-calendar-said]')).toContainText('Verplaatst naar');
  await expect(page.locator(`section[data-day="${plus(day, 1)}"] [data-preview-id="${id}"]`)).toBeVisible();
  expect(await scheduledAt(id)).toBe(`${plus(day, 1)}T11:00:00.000Z`);
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator(`section[data-day="${plus(day, 1)}"] [data-preview-id="${id}"]`)).toBeVisible();

  // By keyboard: focus the card's Move button, Enter, type a date and a time, Enter.
  const move = page.getByRole('button', { name: `"${title}" verplaatsen` });
  await move.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `"${title}" verplaatsen` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Datum').fill(plus(day, 3));
  await dialog.getByLabel('Tijd').fill('15:30');
  await dialog.getByLabel('Tijd').press('Enter');
  await expect(dialog).toBeHidden();
  const moved = page.locator(`section[data-day="${plus(day, 3)}"] [data-preview-id="${id}"]`);
  await expect(moved).toContainText('15:30');
  await expect(move).toBeFocused();
  await page.reload();
  await waitForHydration(page);
  await expect(moved).toContainText('15:30');
  const at = new Date(await scheduledAt(id));
  expect(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Amsterdam',
      dateStyle: 'short',
      timeStyle: 'short',
      hourCycle: 'h23',
    }).format(at),
  ).toBe(`${plus(day, 3)}, 15:30`);

  // A refused save puts the card back and says why: the preview was published meanwhile.
  await service(`previews?id=eq.${id}`, { method: 'PATCH', body: JSON.stringify({ status: 'published' }) });
  await page.getByRole('button', { name: `"${title}" verplaatsen` }).click();
  await dialog.getByLabel('Datum').fill(plus(day, 2));
  await dialog.getByRole('button', { name: 'Verplaatsen' }).click();
  await expect(page.locator('[data-calendar-said]')).toContainText(
    'ze is gepubliceerd of wordt gepubliceerd',
  );
  await expect(moved).toBeVisible();
  expect(new Date(await scheduledAt(id)).getTime()).toBe(at.getTime());
});

test('the client sees her calendar in her language and subscribes to its feed; a revoked link is gone (en)', async ({
  page,
}) => {
  const client = await newClientAccount(`Calendar Client ${Date.now()}`);
  const other = await newClientAccount(`Other Client ${Date.now()}`);
  const day = aWednesdayAhead();
  const title = `Her launch post ${Date.now()}`;
  const hidden = `Not hers ${Date.now()}`;
  const id = await arrangePreview(client.id, title, { scheduled_at: `${day}T11:00:00.000Z` });
  await arrangePreview(other.id, hidden, { scheduled_at: `${day}T11:00:00.000Z` });

  await storeSession(page, client.email);
  await page.goto('/en/timeline-alchemy/client/my-previews');
  await page
    .getByRole('navigation', { name: 'Timeline Alchemy' })
    .getByRole('link', { name: 'Calendar' })
    .click();
  await expect(page).toHaveURL(/\/en\/timeline-alchemy\/client\/calendar/);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.locator('[aria-current="date"]')).toContainText('today');
  await page.goto(`/en/timeline-alchemy/client/calendar?view=list&date=${day}`);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'List', pressed: true })).toBeVisible();
  await expect(page.locator(`[data-preview-id="${id}"]`)).toContainText(title);
  await expect(page.locator(`[data-preview-id="${id}"]`)).toContainText('Pending');
  await expect(page.getByText(hidden)).toHaveCount(0);
  // A client moves nothing.
  await expect(page.getByRole('button', { name: /^Move/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Make a feed link' }).click();
  const field = page.getByLabel('Your feed link');
  await expect(field).toHaveValue(/\/api\/timeline-alchemy\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const link = await field.inputValue();
  const feed = await page.request.get(link);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const ics = (await feed.text()).replace(/\r\n[ \t]/g, '');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain(`DTSTART:${day.replaceAll('-', '')}T110000Z`);
  expect(ics).toContain(`SUMMARY:${title} · LinkedIn`);
  expect(ics).not.toContain(hidden);

  await page.getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByText('You have no feed link yet.')).toBeVisible();
  expect((await page.request.get(link)).status()).toBe(404);
});
