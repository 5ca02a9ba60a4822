import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { accountMessages } from '../../src/i18n/messages/account.ts';
import { accountMailMessages } from '../../src/i18n/messages/account-mail.ts';
import { authMessages } from '../../src/i18n/messages/auth.ts';
import { AUTH_TEMPLATES } from '../../supabase/local/auth-templates.ts';
import { ANON_KEY } from '../../supabase/local/keys.ts';
import { expect as baseExpect, checkA11y, test, waitForHydration } from './fixtures.ts';
import { confirmedMember, storeSession } from './member-helpers.ts';

/**
 * Issue 21, points 1 and 2, in the browser against the local stack: the forgotten password end to
 * end through the local inbox, the e-mail change with both confirmations, signing out the other
 * browser, and the mail language.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
// Mails, several sign-ins and two browsers per test on a shared machine.
test.describe.configure({ timeout: 120_000 });
const backendPort = Number(process.env.E2E_BACKEND_PORT ?? 24521);
const backendUrl = `http://127.0.0.1:${backendPort}`;
const inbox = `http://127.0.0.1:${backendPort + 3}`;
const PASSWORD = 'password123';
const NEW_PASSWORD = 'a-new-secret-77';

const LANGS = [
  { lang: 'nl', prefix: '' },
  { lang: 'en', prefix: '/en' },
  { lang: 'de', prefix: '/de' },
] as const;
type Lang = (typeof LANGS)[number]['lang'];
const texts = (lang: Lang) => ({ ...authMessages[lang], ...accountMessages[lang] });

const client = () =>
  createClient(backendUrl, ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false } });

/** A new, confirmed member who signed up in `lang` (so mails to them are in that language). */
async function newMember(lang: Lang) {
  const email = `acct-${randomUUID().slice(0, 10)}@example.com`;
  await confirmedMember(email, { display_name: 'Account Tester', locale: lang });
  return email;
}

type Mail = { subject: string; links: string[] };
/** The mails to `to` whose subject contains `subject`, waiting until `n` arrived. */
async function mailsTo(to: string, subject: string, n = 1): Promise<Mail[]> {
  let found: Mail[] = [];
  await expect
    .poll(async () => {
      const all = (await (
        await fetch(`${inbox}/api/messages?to=${encodeURIComponent(to)}`)
      ).json()) as Mail[];
      found = all.filter((m) => m.subject.includes(subject));
      return found.length;
    })
    .toBeGreaterThanOrEqual(n);
  return found;
}
const verifyLink = (mail: Mail, type: string) =>
  mail.links.find((l) => l.includes('/auth/v1/verify?') && l.includes(`type=${type}`)) ?? '';

async function canSignIn(email: string, password: string) {
  return !(await client().auth.signInWithPassword({ email, password })).error;
}

async function openAccount(page: Page, prefix: string) {
  await page.goto(`${prefix}/account`);
  await waitForHydration(page);
}

for (const { lang, prefix } of LANGS) {
  test(`forgotten password end to end through the inbox (${lang})`, async ({ page }) => {
    const t = texts(lang);
    const email = await newMember(lang);
    await page.goto(`${prefix}/auth`);
    await page.getByRole('link', { name: t['auth.forgotLink'] }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/auth/reset/?$`));
    await waitForHydration(page);
    await page.getByLabel(t['auth.email'], { exact: true }).fill(email);
    await page.getByRole('button', { name: t['auth.reset.requestSubmit'] }).click();
    await expect(page.getByRole('status').filter({ hasText: t['auth.reset.sent'] })).toBeVisible();

    // The same answer for an address without an account.
    await page
      .getByLabel(t['auth.email'], { exact: true })
      .fill(`nobody-${randomUUID().slice(0, 8)}@example.com`);
    await page.getByRole('button', { name: t['auth.reset.requestSubmit'] }).click();
    await expect(page.getByRole('status').filter({ hasText: t['auth.reset.sent'] })).toBeVisible();
    // Asking again for the same address within a minute: the translated rate-limit message.
    await page.getByLabel(t['auth.email'], { exact: true }).fill(email);
    await page.getByRole('button', { name: t['auth.reset.requestSubmit'] }).click();
    await expect(page.getByRole('alert')).toBeVisible();

    const [mail] = await mailsTo(email, AUTH_TEMPLATES.recovery[lang].subject);
    const link = verifyLink(mail as Mail, 'recovery');
    await page.goto(link);
    await expect(page).toHaveURL(new RegExp(`${prefix}/auth/reset`));
    await expect(page.getByRole('heading', { name: t['auth.reset.newTitle'] })).toBeVisible();
    await checkA11y(page);
    await page.getByLabel(t['auth.reset.newPassword'], { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(t['auth.reset.repeatPassword'], { exact: true }).fill('not the same');
    await page.getByRole('button', { name: t['auth.reset.setSubmit'] }).click();
    await expect(page.getByRole('alert')).toHaveText(t['auth.reset.mismatch']);
    await page.getByLabel(t['auth.reset.repeatPassword'], { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t['auth.reset.setSubmit'] }).click();

    await expect(page).toHaveURL(new RegExp(`${prefix}/profile/?$`));
    await expect(page.getByRole('status').filter({ hasText: t['auth.reset.doneTitle'] })).toBeVisible();
    expect(await canSignIn(email, PASSWORD)).toBe(false);
    expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);

    // The link was single-use: a second visit explains and offers to ask again.
    await page.goto(link);
    await expect(page.getByRole('alert').filter({ hasText: t['auth.reset.expired'] })).toBeVisible();
    await expect(page.getByRole('button', { name: t['auth.reset.requestSubmit'] })).toBeVisible();
  });
}

for (const { lang, prefix } of LANGS.filter((l) => l.lang !== 'nl')) {
  // nl: tests/e2e/account-mail-language.spec.ts
  test(`e-mail change: confirmed through the links to both addresses, then the new address signs in (${lang})`, async ({
    page,
  }) => {
    const t = texts(lang);
    const email = await newMember(lang);
    const next = `acct-new-${randomUUID().slice(0, 8)}@example.com`;
    await storeSession(page, email);
    await openAccount(page, prefix);
    await page.getByLabel(t['account.email.new'], { exact: true }).fill(next);
    await page.getByRole('button', { name: t['account.email.submit'] }).click();
    await expect(page.getByRole('status').filter({ hasText: t['account.email.sent'] })).toBeVisible();
    // The e2e backend runs with --autoconfirm (playwright.config.ts), where GoTrue itself
    // (mailer_autoconfirm) applies a change at once and mails nothing; with confirmations on (as in
    // production) the change waits for both links, and the page shows it pending beside the current one.
    const autoconfirm = (await (
      await fetch(`${backendUrl}/auth/v1/settings`, { headers: { apikey: ANON_KEY } })
    ).json()) as {
      mailer_autoconfirm: boolean;
    };
    if (!autoconfirm.mailer_autoconfirm) {
      await expect(page.locator('[data-current-email]')).toHaveText(email);
      await expect(page.locator('[data-pending-email]')).toContainText(next);
      expect(await canSignIn(email, PASSWORD)).toBe(true);
      // GoTrue's secure e-mail change: one link to the new address, one to the current one, in the
      // site's own mails (POST /api/account/email, the outbox).
      const subject = accountMailMessages[lang]['accountMail.change.subject'];
      const [toNew] = await mailsTo(next, subject);
      const [toOld] = await mailsTo(email, subject);
      for (const mail of [toOld, toNew]) {
        const link = verifyLink(mail as Mail, 'email_change');
        expect(link).not.toBe('');
        await fetch(link, { redirect: 'manual' });
      }
    }
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('[data-current-email]')).toHaveText(next);
    await expect(page.locator('[data-pending-email]')).toHaveCount(0);
    expect(await canSignIn(next, PASSWORD)).toBe(true);
    expect(await canSignIn(email, PASSWORD)).toBe(false);
  });
}

for (const { lang, prefix } of LANGS) {
  test(`sign out everywhere else ends the other browser’s session at its next refresh (${lang})`, async ({
    browser,
  }) => {
    const t = texts(lang);
    const email = await newMember(lang);
    const here = await (await browser.newContext()).newPage();
    const there = await (await browser.newContext()).newPage();
    await storeSession(here, email);
    await storeSession(there, email);
    await openAccount(there, prefix);

    await openAccount(here, prefix);
    await here.getByRole('button', { name: t['account.sessions.others'] }).click();
    await expect(
      here.getByRole('status').filter({ hasText: t['account.sessions.othersDone'] }),
    ).toBeVisible();

    // The other browser's access token runs out; its next refresh is refused and it is signed out.
    await there.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k)) ?? '';
      const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at?: number };
      session.expires_at = Math.floor(Date.now() / 1000) - 60;
      localStorage.setItem(key, JSON.stringify(session));
    });
    await there.reload();
    await expect(there).toHaveURL(new RegExp(`^[^?]*${prefix}/auth\\?next=`));

    // This browser stays signed in, through its own refresh too.
    await here.reload();
    await waitForHydration(here);
    await expect(here.getByRole('heading', { name: t['account.sessions.heading'] })).toBeVisible();

    // Sign out everywhere asks first, then ends this session too.
    await here.getByRole('button', { name: t['account.sessions.all'], exact: true }).click();
    const dialog = here.getByRole('dialog');
    await dialog.getByRole('button', { name: t['account.sessions.cancel'] }).click();
    await expect(dialog).toBeHidden();
    await here.getByRole('button', { name: t['account.sessions.all'], exact: true }).click();
    await here.getByRole('dialog').getByRole('button', { name: t['account.sessions.confirmYes'] }).click();
    await expect(here).toHaveURL(new RegExp(`${prefix}/$`));
    await here.goto(`${prefix}/account`);
    await expect(here).toHaveURL(new RegExp(`^[^?]*${prefix}/auth\\?next=`));
  });
}

test('mail language: saved, kept after reload, and the account page is linked (nl)', async ({ page }) => {
  const t = texts('nl');
  const email = await newMember('nl');
  await storeSession(page, email);
  await page.goto('/');
  await page.getByRole('button', { name: `Accountmenu van ${email}` }).click();
  await page.getByRole('link', { name: t['user.account'] }).click();
  await expect(page).toHaveURL(/\/account\/?$/);
  await waitForHydration(page);
  const select = page.getByRole('combobox', { name: t['account.language.label'], exact: true });
  // No choice yet: the page's language.
  await expect(select).toHaveValue('nl');
  await select.selectOption('de');
  await page.getByRole('button', { name: t['account.language.submit'] }).click();
  await expect(page.getByRole('status').filter({ hasText: t['account.language.saved'] })).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(select).toHaveValue('de');
  await checkA11y(page);
  await expect(page.getByRole('link', { name: t['account.data.link'] })).toHaveAttribute(
    'href',
    '/account/data',
  );

  // A wrong current password is refused, and what was typed stays.
  await page.getByLabel(t['account.password.current'], { exact: true }).fill('wrong-password');
  await page.getByLabel(t['account.password.new'], { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(t['account.password.repeat'], { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: t['account.password.submit'] }).click();
  await expect(page.getByRole('alert')).toHaveText(t['account.password.wrongCurrent']);
  await expect(page.getByLabel(t['account.password.new'], { exact: true })).toHaveValue(NEW_PASSWORD);
  await page.getByLabel(t['account.password.current'], { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t['account.password.submit'] }).click();
  await expect(page.getByRole('status').filter({ hasText: t['account.password.saved'] })).toBeVisible();
  expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);
});
