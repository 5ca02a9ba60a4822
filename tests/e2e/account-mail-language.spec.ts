import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { accountMessages } from '../../src/i18n/messages/account.ts';
import { accountMailMessages } from '../../src/i18n/messages/account-mail.ts';
import { authMessages } from '../../src/i18n/messages/auth.ts';
import { AUTH_TEMPLATES } from '../../supabase/local/auth-templates.ts';
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts';
import { confirmedMember, inbox, storeSession } from './member-helpers.ts';

/**
 * The account mails in the recipient's language (issue 21 rest, issue 24 point 2), in the browser
 * against the local stack: the sign-up confirmation in the language the person signed up in (its
 * link works), the e-mail change's two mails in the member's language, and the mail-language
 * setting on /account deciding the next mail.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

type Lang = 'nl' | 'en' | 'de';
const prefixOf = (lang: Lang) => (lang === 'nl' ? '' : `/${lang}`);
const texts = (lang: Lang) => ({ ...authMessages[lang], ...accountMessages[lang] });

type Mail = { subject: string; text: string; links: string[] };
/** The first mail to `to` whose subject is `subject`, waiting until it arrived. */
async function mailTo(to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const all = (await (
        await fetch(`${inbox}/api/messages?to=${encodeURIComponent(to)}`)
      ).json()) as Mail[];
      found = all.find((m) => m.subject === subject);
      return Boolean(found);
    })
    .toBe(true);
  return found as Mail;
}
const verifyLink = (mail: Mail, type: string) =>
  mail.links.find((l) => l.includes('/auth/v1/verify?') && l.includes(`type=${type}`)) ?? '';

async function signInThroughForm(page: Page, lang: Lang, email: string, password: string) {
  const t = texts(lang);
  await page.goto(`${prefixOf(lang)}/auth`);
  await waitForHydration(page);
  await page.getByLabel(t['auth.email'], { exact: true }).fill(email);
  await page.getByLabel(t['auth.password'], { exact: true }).fill(password);
  await page.getByRole('tabpanel').getByRole('button', { name: t['auth.loginSubmit'] }).click();
  await expect(page.getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })).toBeVisible();
}

for (const lang of ['de', 'en'] as const) {
  test(`sign-up on the ${lang} page: the confirmation mail is in ${lang} and its link lets the member in`, async ({
    page,
  }) => {
    const t = texts(lang);
    const email = `ml-${randomUUID().slice(0, 10)}@example.com`;
    await page.goto(`${prefixOf(lang)}/auth`);
    await waitForHydration(page);
    await page.getByRole('tab', { name: t['auth.tabSignup'] }).click();
    await page.getByLabel(t['auth.name'], { exact: true }).fill('Mail Sprache');
    await page.getByLabel(t['auth.email'], { exact: true }).fill(email);
    await page.getByLabel(t['auth.password'], { exact: true }).fill('a-long-enough-secret');
    await page.getByRole('button', { name: t['auth.signupSubmit'] }).click();
    await expect(page.getByRole('status')).toContainText(t['auth.signupVerify']);

    const template = AUTH_TEMPLATES.signup[lang];
    const mail = await mailTo(email, template.subject);
    expect(mail.text).toMatch(new RegExp(`^${template.codeLabel}: \\d{6}$`, 'm'));
    await page.goto(verifyLink(mail, 'signup'));
    await signInThroughForm(page, lang, email, 'a-long-enough-secret');
  });
}

test('e-mail change in Dutch: both mails in Dutch, both links move the address', async ({ page }) => {
  const t = texts('nl');
  const email = `ml-${randomUUID().slice(0, 10)}@example.com`;
  await confirmedMember(email, { display_name: 'Mail Taal', locale: 'nl' });
  const next = `ml-new-${randomUUID().slice(0, 8)}@example.com`;
  await storeSession(page, email);
  await page.goto('/account');
  await waitForHydration(page);
  await page.getByLabel(t['account.email.new'], { exact: true }).fill(next);
  await page.getByRole('button', { name: t['account.email.submit'] }).click();
  await expect(page.getByRole('status').filter({ hasText: t['account.email.sent'] })).toBeVisible();
  // The site's own mails (POST /api/account/email, the outbox), with GoTrue's verify links.
  const mailTexts = accountMailMessages.nl;
  for (const to of [next, email]) {
    const mail = await mailTo(to, mailTexts['accountMail.change.subject']);
    expect(mail.text).toContain(mailTexts['accountMail.change.button']);
    expect(mail.text).toContain(mailTexts['accountMail.change.both']);
    await fetch(verifyLink(mail, 'email_change'), { redirect: 'manual' });
  }
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('[data-current-email]')).toHaveText(next);
});

test('the mail-language setting decides the next mail: Dutch member chooses English, the reset mail is English', async ({
  page,
}) => {
  const t = texts('nl');
  const email = `ml-${randomUUID().slice(0, 10)}@example.com`;
  await confirmedMember(email, { display_name: 'Mail Taal', locale: 'nl' });
  await storeSession(page, email);
  await page.goto('/account');
  await waitForHydration(page);
  await page.getByRole('combobox', { name: t['account.language.label'], exact: true }).selectOption('en');
  await page.getByRole('button', { name: t['account.language.submit'] }).click();
  await expect(page.getByRole('status').filter({ hasText: t['account.language.saved'] })).toBeVisible();

  // Asked for on the Dutch page: still the member's choice, English.
  await page.goto('/auth/reset');
  await waitForHydration(page);
  await page.getByLabel(t['auth.email'], { exact: true }).fill(email);
  await page.getByRole('button', { name: t['auth.reset.requestSubmit'] }).click();
  await expect(page.getByRole('status').filter({ hasText: t['auth.reset.sent'] })).toBeVisible();
  const mail = await mailTo(email, AUTH_TEMPLATES.recovery.en.subject);
  expect(verifyLink(mail, 'recovery')).not.toBe('');
});
