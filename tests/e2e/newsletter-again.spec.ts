import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { newsletterMessages } from '../../src/i18n/messages/newsletter.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 24, point 2: a confirmed subscriber who signs up again (in German) is told by mail that
 * they are already subscribed, not asked to confirm a second time; the page answers exactly as
 * for a first sign-up, so it tells nobody whether an address is subscribed.
 */
const inbox = `http://127.0.0.1:${Number(process.env.E2E_BACKEND_PORT ?? 24521) + 3}`;
type Mail = { subject: string; links: string[] };
const mailsTo = async (address: string) =>
  (await (await fetch(`${inbox}/api/messages?to=${encodeURIComponent(address)}`)).json()) as Mail[];

async function signUpInFooter(page: Page, address: string) {
  await page.goto('/de/about');
  const card = page.locator('footer newsletter-card');
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('textbox', { name: /^E-Mail/ }).fill(address);
  await card.getByRole('textbox', { name: /^Vorname/ }).fill('Fenna');
  await card.getByRole('textbox', { name: /^Nachname/ }).fill('Zee');
  await card.getByRole('checkbox', { name: 'Auch ein Konto für die Community anlegen' }).uncheck();
  await card.getByRole('checkbox', { name: /Ja, ich möchte den Inner-Circle-Newsletter/ }).check();
  await card.getByRole('button', { name: 'Anmelden' }).click();
  await expect(card.getByText('Danke!')).toBeVisible();
}

test('de: a confirmed subscriber signing up again gets "already subscribed", not a second confirmation', async ({
  page,
}) => {
  const de = newsletterMessages.de;
  const address = `nl-again-${randomUUID().slice(0, 8)}@example.org`;
  await signUpInFooter(page, address);
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 10_000 }).toBe(1);
  const [first] = await mailsTo(address);
  expect(first?.subject).toBe(de['newsletter.mail.subject']);
  await page.goto(first?.links.find((l) => l.includes('/newsletter/confirm')) ?? '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deine Anmeldung ist bestätigt');

  await signUpInFooter(page, address);
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 10_000 }).toBe(2);
  const [newest] = await mailsTo(address);
  expect(newest?.subject).toBe(de['newsletter.already.subject']);
  expect(newest?.links.some((l) => l.includes('/newsletter/confirm'))).toBe(false);
  expect(newest?.links.some((l) => l.includes('/de/newsletter/unsubscribe?token='))).toBe(true);
});
