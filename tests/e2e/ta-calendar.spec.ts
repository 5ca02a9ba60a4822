import type { Page } from '@playwright/test';
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

/** The wall clock in Amsterdam of an instant: 'YYYY-MM-DD, HH:MM'. */
const amsterdam = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    dateStyle: 'short',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(new Date(iso));
/** The week view's hour height (WeekView.tsx): a drop at `hour` lands `hour * HOUR` px below a day's top. */
const HOUR = 56;
/** Drags a card by its top edge to a wall-clock time on a day of the week view. */
async function dragToSlot(page: Page, id: string, day: string, hour: number) {
  await page.locator(`[data-preview-id="${id}"]`).dragTo(page.locator(`section[data-day="${day}"]`), {
    sourcePosition: { x: 8, y: 4 },
    targetPosition: { x: 20, y: hour * HOUR + 4 },
  });
}

test('the admin moves a preview to another day and hour by dragging and by keyboard; a reload keeps the time (nl)', async ({
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
  const card = (d: string) => page.locator(`section[data-day="${d}"] [data-preview-id="${id}"]`);
  await expect(card(day)).toBeVisible();

  // Drag to Thursday 14:00 (24-hour clock in Dutch): another day and another hour.
  await dragToSlot(page, id, plus(day, 1), 14);
  await expect(page.locator('[data-calendar-said]')).toContainText('Verplaatst naar');
  await expect(card(plus(day, 1))).toContainText('14:00');
  expect(amsterdam(await scheduledAt(id))).toBe(`${plus(day, 1)}, 14:00`);
  await page.reload();
  await waitForHydration(page);
  await expect(card(plus(day, 1))).toContainText('14:00');

  // By keyboard in the grid: arrows pick a slot (said aloud), Enter moves there, focus stays with the card.
  const move = page.getByRole('button', { name: `"${title}" verplaatsen` });
  await move.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-calendar-said]')).toContainText('Nieuwe tijd:');
  await expect(page.locator('[data-calendar-said]')).toContainText('14:30');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.locator('[data-calendar-said]')).toContainText('Verplaatst naar');
  await expect(card(plus(day, 2))).toContainText('14:30');
  await expect(move).toBeFocused();
  expect(amsterdam(await scheduledAt(id))).toBe(`${plus(day, 2)}, 14:30`);
  await page.reload();
  await waitForHydration(page);
  await expect(card(plus(day, 2))).toContainText('14:30');

  // By the dialog: Enter on Move, type a date and a time, Enter.
  await move.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `"${title}" verplaatsen` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Datum').fill(plus(day, 3));
  await dialog.getByLabel('Tijd').fill('15:30');
  await dialog.getByLabel('Tijd').press('Enter');
  await expect(dialog).toBeHidden();
  const moved = card(plus(day, 3));
  await expect(moved).toContainText('15:30');
  await expect(move).toBeFocused();
  await page.reload();
  await waitForHydration(page);
  await expect(moved).toContainText('15:30');
  const at = await scheduledAt(id);
  expect(amsterdam(at)).toBe(`${plus(day, 3)}, 15:30`);

  // A refused save puts the card back and says why: the preview was published meanwhile.
  await service(`previews?id=eq.${id}`, { method: 'PATCH', body: JSON.stringify({ status: 'published' }) });
  await page.getByRole('button', { name: `"${title}" verplaatsen` }).click();
  await dialog.getByLabel('Datum').fill(plus(day, 2));
  await dialog.getByRole('button', { name: 'Verplaatsen' }).click();
  await expect(page.locator('[data-calendar-said]')).toContainText(
    'ze is gepubliceerd of wordt gepubliceerd',
  );
  await expect(moved).toBeVisible();
  expect(await scheduledAt(id)).toBe(at);
});

test('the week view has hour rows in German, a refused drag snaps back, a clock change is shown (de)', async ({
  page,
}) => {
  const client = await newClientAccount(`Kalender Kunde ${Date.now()}`);
  const day = aWednesdayAhead();
  const title = `Wochenpost ${Date.now()}`;
  const id = await arrangePreview(client.id, title, { scheduled_at: `${day}T08:00:00.000Z` });
  // Sunday 28 March 2027: clocks go forward at 02:00 in Europe; 08:00 UTC is 10:00 summer time.
  const spring = await arrangePreview(client.id, `Frühling ${Date.now()}`, {
    scheduled_at: '2027-03-28T08:00:00.000Z',
  });

  await storeSession(page, 'admin@example.com');
  await page.goto(`/de/timeline-alchemy/admin/calendar?view=week&date=${day}&client=${client.id}`);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Woche', pressed: true })).toBeVisible();
  const card = (d: string) => page.locator(`section[data-day="${d}"] [data-preview-id="${id}"]`);
  const start = amsterdam(`${day}T08:00:00.000Z`).slice(-5);
  await expect(card(day)).toContainText(start);

  // Drag to Friday 07:30.
  await page
    .locator(`[data-preview-id="${id}"]`)
    .dragTo(page.locator(`section[data-day="${plus(day, 2)}"]`), {
      sourcePosition: { x: 8, y: 4 },
      targetPosition: { x: 20, y: 7.5 * HOUR + 4 },
    });
  await expect(page.locator('[data-calendar-said]')).toContainText('Verschoben auf');
  await expect(card(plus(day, 2))).toContainText('07:30');
  await page.reload();
  await waitForHydration(page);
  await expect(card(plus(day, 2))).toContainText('07:30');
  const at = await scheduledAt(id);
  expect(amsterdam(at)).toBe(`${plus(day, 2)}, 07:30`);

  // Arrow keys and Escape: nothing moves.
  await page.getByRole('button', { name: `„${title}“ verschieben` }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('[data-calendar-said]')).toContainText('07:15');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-calendar-said]')).toHaveText('Nicht verschoben.');

  // Published meanwhile: the drag is refused, the card snaps back, the reason is said in German.
  await service(`previews?id=eq.${id}`, { method: 'PATCH', body: JSON.stringify({ status: 'published' }) });
  await dragToSlot(page, id, plus(day, 3), 9);
  await expect(page.locator('[data-calendar-said]')).toContainText('veröffentlicht');
  await expect(card(plus(day, 2))).toContainText('07:30');
  await expect(card(plus(day, 3))).toHaveCount(0);
  expect(await scheduledAt(id)).toBe(at);

  // The week of the spring clock change: the change is named, the card sits at 10:00 summer time.
  await page.goto(`/de/timeline-alchemy/admin/calendar?view=week&date=2027-03-28&client=${client.id}`);
  await waitForHydration(page);
  await expect(page.getByText('Uhr wird um 02:00 eine Stunde vorgestellt')).toBeVisible();
  const springCard = page.locator(`section[data-day="2027-03-28"] [data-preview-id="${spring}"]`);
  await expect(springCard).toContainText('10:00');
  expect(await springCard.evaluate((el) => (el as HTMLElement).style.top)).toBe(`${10 * HOUR + 1}px`);
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
