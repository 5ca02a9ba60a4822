import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import {
  guardedTest as base,
  checkA11y,
  expect,
  test,
  waitForHydration,
  waitForModulesOnNavigation,
} from './fixtures.ts';

/**
 * The newsletter as a visitor meets it: sign up in the footer, the confirmation mail arrives in
 * the local inbox (the stack's SMTP capture), its link confirms, its unsubscribe link works, and
 * the consent ledger records each step. The popup, the member card and confetti too.
 */
const backend = `http://127.0.0.1:${process.env.E2E_BACKEND_PORT ?? 24521}`;
const inbox = `http://127.0.0.1:${Number(process.env.E2E_BACKEND_PORT ?? 24521) + 3}`;

type Mail = { subject: string; links: string[]; html: string; text: string; headers: Record<string, string> };

async function mailsTo(address: string): Promise<Mail[]> {
  const res = await fetch(`${inbox}/api/messages?to=${encodeURIComponent(address)}`);
  return (await res.json()) as Mail[];
}
/** The newsletter's mails to `address` (a seeded member also gets notification mails meanwhile). */
async function newsletterMailsTo(address: string): Promise<Mail[]> {
  return (await mailsTo(address)).filter((mail) => mail.links.some((link) => link.includes('/newsletter/')));
}
/** Exactly one newsletter mail arrives for `address`. */
async function waitForMail(address: string): Promise<Mail> {
  await expect.poll(async () => (await newsletterMailsTo(address)).length, { timeout: 10_000 }).toBe(1);
  return (await newsletterMailsTo(address))[0] as Mail;
}
/** The ledger as the service role sees it (the test's view of the evidence). */
async function ledgerEvents(address: string): Promise<string[]> {
  const res = await fetch(
    `${backend}/rest/v1/newsletter_consents?email=eq.${encodeURIComponent(address)}&select=event,created_at&order=created_at`,
    { headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` } },
  );
  return ((await res.json()) as Array<{ event: string }>).map((r) => r.event);
}
const newAddress = (tag: string) => `nl-${tag}-${randomUUID().slice(0, 8)}@example.org`;

const texts = {
  nl: {
    prefix: '',
    email: 'E-mail',
    first: 'Voornaam',
    last: 'Achternaam',
    account: 'Maak ook een account aan voor de community',
    consent: /Ja, ik wil de Inner Circle nieuwsbrief/,
    submit: 'Aanmelden',
    thanks: 'Dank je wel!',
    subject: 'Bevestig je aanmelding voor de Inner Circle',
    confirmed: 'Je aanmelding is bevestigd',
    unsubscribe: 'Afmelden',
    unsubscribed: 'Je bent afgemeld',
  },
  en: {
    prefix: '/en',
    email: 'E-mail',
    first: 'First name',
    last: 'Last name',
    account: 'Also create an account for the community',
    consent: /Yes, I want to receive the Inner Circle newsletter/,
    submit: 'Subscribe',
    thanks: 'Thank you!',
    subject: 'Please confirm your subscription to the Inner Circle',
    confirmed: 'Your subscription is confirmed',
    unsubscribe: 'Unsubscribe',
    unsubscribed: 'You are unsubscribed',
  },
  de: {
    prefix: '/de',
    email: 'E-Mail',
    first: 'Vorname',
    last: 'Nachname',
    account: 'Auch ein Konto für die Community anlegen',
    consent: /Ja, ich möchte den Inner-Circle-Newsletter/,
    submit: 'Anmelden',
    thanks: 'Danke!',
    subject: 'Bitte bestätige deine Anmeldung zum Inner Circle',
    confirmed: 'Deine Anmeldung ist bestätigt',
    unsubscribe: 'Abmelden',
    unsubscribed: 'Du bist abgemeldet',
  },
} as const;
type Lang = keyof typeof texts;

async function fillFooterCard(page: Page, lang: Lang, address: string, opts: { account?: string } = {}) {
  const t = texts[lang];
  const card = page.locator('footer newsletter-card');
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('textbox', { name: new RegExp(`^${t.email}`) }).fill(address);
  await card.getByRole('textbox', { name: new RegExp(`^${t.first}`) }).fill('Fenna');
  await card.getByRole('textbox', { name: new RegExp(`^${t.last}`) }).fill('Zee');
  const account = card.getByRole('checkbox', { name: t.account });
  if (opts.account) await card.getByLabel(/^(Password|Wachtwoord|Passwort)/).fill(opts.account);
  else await account.uncheck();
  await card.getByRole('checkbox', { name: t.consent }).check();
  return card;
}

for (const lang of ['nl', 'en', 'de'] as const) {
  test(`${lang}: footer sign-up, confirm from the captured mail, unsubscribe from it; the ledger has each step`, async ({
    page,
  }) => {
    const t = texts[lang];
    const address = newAddress(lang);
    await page.goto(`${t.prefix}/about`);
    const card = await fillFooterCard(page, lang, address);
    await card.getByRole('button', { name: t.submit }).click();
    await expect(card.getByText(t.thanks)).toBeVisible();

    const mail = await waitForMail(address);
    expect(mail.subject).toBe(t.subject);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(await ledgerEvents(address)).toEqual(['sign_up', 'confirmation_sent']);

    const confirm = mail.links.find((l) => l.includes('/newsletter/confirm')) ?? '';
    expect(new URL(confirm).pathname).toBe(`${t.prefix}/newsletter/confirm`);
    await page.goto(confirm);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.confirmed);
    expect(await ledgerEvents(address)).toEqual(['sign_up', 'confirmation_sent', 'confirmed']);

    const unsubscribe = mail.links.find((l) => l.includes('/newsletter/unsubscribe')) ?? '';
    await page.goto(unsubscribe);
    // Opening the link alone unsubscribes nobody (mail scanners open links too).
    expect(await ledgerEvents(address)).not.toContain('unsubscribed');
    await page.getByRole('button', { name: t.unsubscribe }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.unsubscribed);
    expect(await ledgerEvents(address)).toContain('unsubscribed');
  });
}

test('the mail is readable: both parts, the confirm link as text too, html in the visitor language', async () => {
  // Arranged through the endpoint, as the footer does.
  const address = newAddress('mail');
  const site = `http://127.0.0.1:${process.env.E2E_PORT ?? 4329}`;
  const res = await fetch(`${site}/api/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site },
    body: JSON.stringify({
      email: address,
      firstName: 'Ada',
      lastName: 'Mail',
      consent: true,
      language: 'de',
      source: 'default',
      consentVersion: '2026-11',
    }),
  });
  expect(res.status).toBe(202);
  const mail = await waitForMail(address);
  expect(mail.html).toContain('lang="de"');
  expect(mail.html).toContain('color-scheme');
  expect(mail.text).toContain('Hallo Ada,');
  expect(mail.text).toContain(mail.links[0] ?? 'missing');
});

test('a used, forged or broken confirmation link gets a clear page, in its language', async ({ page }) => {
  test.slow();
  await page.goto('/en/newsletter/confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');
  await checkA11y(page);
  await expect(page.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/en/#newsletter');
  await page.goto('/de/newsletter/confirm');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dieser Link ist ungültig');

  const address = newAddress('reuse');
  await page.goto('/about');
  const card = await fillFooterCard(page, 'nl', address);
  await card.getByRole('button', { name: 'Aanmelden' }).click();
  const confirm = (await waitForMail(address)).links[0] ?? '';
  await page.goto(confirm);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je aanmelding is bevestigd');
  await page.goto(confirm);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze link is al gebruikt');
});

test('submit stays disabled until the required fields and consent are there; a failure keeps what was typed', async ({
  page,
}) => {
  await page.goto('/en/about');
  const card = page.locator('footer newsletter-card');
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('textbox', { name: /^E-mail/ }).fill('keep@example.org');
  const submit = card.getByRole('button', { name: 'Subscribe' });
  await expect(submit).toBeDisabled();
  await card.getByRole('textbox', { name: /^First name/ }).fill('Kee');
  await card.getByRole('textbox', { name: /^Last name/ }).fill('P');
  await card.getByRole('checkbox', { name: texts.en.account }).uncheck();
  await expect(submit).toBeDisabled();
  await card.getByRole('checkbox', { name: texts.en.consent }).check();
  await expect(submit).toBeEnabled();
  await page.route('**/api/newsletter', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'x' } } }),
  );
  await submit.click();
  await expect(page.getByText('Something went wrong. Please try again.')).toBeVisible();
  await expect(card.getByRole('textbox', { name: /^E-mail/ })).toHaveValue('keep@example.org');
  await expect(card.getByRole('checkbox', { name: texts.en.consent })).toBeChecked();
});

test('create-account path: a new address gets both; an existing account is not revealed (same answer, no account mail), the subscription stays', async ({
  page,
}) => {
  const address = newAddress('acct');
  await page.goto('/en/about');
  let card = await fillFooterCard(page, 'en', address, { account: 'longpassword1' });
  await card.getByRole('button', { name: 'Subscribe' }).click();
  const accountNote = 'If this address has no account yet, we have sent you a link to activate one as well.';
  await expect(card.getByText(accountNote)).toBeVisible();
  // Two mails, as in production: the newsletter's confirmation and the account's.
  const isAccountMail = (mail: Mail) => mail.links.some((link) => link.includes('type=signup'));
  await expect
    .poll(async () => (await mailsTo(address)).map(isAccountMail).sort(), { timeout: 10_000 })
    .toEqual([false, true]);
  expect((await mailsTo(address)).flatMap((mail) => mail.links)).toContainEqual(
    expect.stringContaining('/newsletter/confirm'),
  );

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/en/about');
  card = await fillFooterCard(page, 'en', 'emma@example.com', { account: 'longpassword1' });
  await card.getByRole('button', { name: 'Subscribe' }).click();
  // The same answer as for a new address (no account-existence oracle, as GoTrue's sign-up), and
  // no account mail to the existing member.
  await expect(card.getByText(accountNote)).toBeVisible();
  await expect(page.getByText('Subscribed, but no account')).toHaveCount(0);
  await expect(card.getByText('Thank you!')).toBeVisible();
  expect((await mailsTo('emma@example.com')).flatMap((mail) => mail.links)).not.toContainEqual(
    expect.stringContaining('type=signup'),
  );
  expect(await ledgerEvents('emma@example.com')).toContain('sign_up');
});

test('confetti: 50 pieces, gone after 3 s; none with reduced motion', async ({ page }) => {
  await page.goto('/en/about');
  let card = await fillFooterCard(page, 'en', newAddress('confetti'));
  await card.getByRole('button', { name: 'Subscribe' }).click();
  await expect(card.locator('[data-nl-confetti] span')).toHaveCount(50);
  await expect(card.locator('[data-nl-confetti]')).toHaveCount(0, { timeout: 5000 });
  // After 3 s the form is back, empty, with create-account checked and consent unchecked.
  await expect(card.getByRole('textbox', { name: /^E-mail/ })).toHaveValue('');
  await expect(card.getByRole('checkbox', { name: texts.en.account })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: texts.en.consent })).not.toBeChecked();

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/en/about');
  card = await fillFooterCard(page, 'en', newAddress('calm'));
  await card.getByRole('button', { name: 'Subscribe' }).click();
  await expect(card.getByText('Thank you!')).toBeVisible();
  await expect(card.locator('[data-nl-confetti]')).toHaveCount(0);
});

test('a signed-in member sees the one-click card, then pending; a subscribed member the welcome card', async ({
  page,
}) => {
  await page.goto('/en/auth');
  await waitForHydration(page);
  await page.getByLabel(/e-mail/i).fill('noah@example.com');
  await page.getByLabel(/^Password$/).fill('password123');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/$/);
  await page.goto('/en/about');
  const card = page.locator('footer newsletter-card');
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('Receive the newsletter at noah@example.com.', { exact: false })).toBeVisible();
  await card.getByRole('button', { name: 'Subscribe with one click' }).click();
  await expect(card.getByText(/open the confirmation link we sent to noah@example.com/)).toBeVisible();
  const mail = await waitForMail('noah@example.com');
  await page.goto(mail.links[0] ?? '');
  await page.goto('/en/about');
  await page.locator('footer newsletter-card').scrollIntoViewIfNeeded();
  await expect(
    page.locator('footer').getByText('You receive our newsletter at noah@example.com.'),
  ).toBeVisible();
  await expect(page.locator('footer').getByRole('textbox', { name: /^E-mail/ })).toBeHidden();
});

base.describe('popup', () => {
  base.beforeEach(({ page }) => waitForModulesOnNavigation(page));
  base(
    'opens once per session after 20 s, is an accessible dialog, and never again after closing',
    async ({ page }) => {
      // A paused clock: on a busy machine the page's own loading time must not count as waiting.
      const start = new Date('2026-11-23T10:00:00Z');
      await page.clock.install({ time: start });
      await page.clock.pauseAt(new Date(start.getTime() + 5_000));
      await page.goto('/en/about');
      const dialog = page.getByRole('dialog', { name: 'Join the Inner Circle' });
      await expect(dialog).toBeHidden();
      await page.clock.fastForward(19_000);
      await expect(dialog).toBeHidden();
      await page.clock.fastForward(2_000);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: /^E-mail/ })).toBeVisible();
      await page.clock.resume(); // axe waits on timers of its own
      await checkA11y(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await page.reload();
      await page.clock.fastForward(60_000);
      await expect(page.getByRole('dialog')).toBeHidden();
    },
  );

  base(
    'opens on exit intent at once, with the clock standing long before the 20 s timer',
    async ({ page }) => {
      // A paused clock: no timer of the page can fire, so only the exit intent can open the popup.
      const start = new Date('2026-11-23T10:00:00Z');
      await page.clock.install({ time: start });
      await page.clock.pauseAt(new Date(start.getTime() + 1_000));
      await page.goto('/en/about');
      const dialog = page.getByRole('dialog', { name: 'Join the Inner Circle' });
      await page.mouse.move(300, 200);
      await expect(dialog).toBeHidden();
      await page.evaluate(() =>
        document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, bubbles: true })),
      );
      await expect(dialog).toBeVisible();
      expect(await page.evaluate(() => Date.now())).toBeLessThan(start.getTime() + 20_000);
    },
  );

  base('on exit intent, never over a form being filled in', async ({ page }) => {
    await page.clock.install();
    await page.goto('/en/about');
    const dialog = page.getByRole('dialog', { name: 'Join the Inner Circle' });
    const footerEmail = page.locator('footer').getByRole('textbox', { name: /^E-mail/ });
    await footerEmail.fill('typing@exam');
    await page.mouse.move(300, 200);
    await page.evaluate(() =>
      document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, bubbles: true })),
    );
    await page.clock.fastForward(25_000);
    await expect(dialog).toBeHidden();
    await footerEmail.fill('');
    await page.locator('h1').click();
    await page.clock.fastForward(6_000);
    await expect(dialog).toBeVisible();
  });

  base('closes 2 s after a sign-up from the popup', async ({ page }) => {
    await page.clock.install();
    await page.goto('/de/about');
    await page.mouse.move(300, 200);
    await page.evaluate(() =>
      document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, bubbles: true })),
    );
    const dialog = page.getByRole('dialog', { name: 'Tritt dem Inner Circle bei' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: /^E-Mail/ }).fill(newAddress('popup'));
    await dialog.getByRole('textbox', { name: /^Vorname/ }).fill('Pia');
    await dialog.getByRole('textbox', { name: /^Nachname/ }).fill('Pop');
    await dialog.getByRole('checkbox', { name: texts.de.account }).uncheck();
    await dialog.getByRole('checkbox', { name: texts.de.consent }).check();
    await dialog.getByRole('button', { name: 'Anmelden' }).click();
    await expect(dialog.getByText('Danke!')).toBeVisible();
    await page.clock.fastForward(2_100);
    await expect(dialog).toBeHidden();
  });
});
