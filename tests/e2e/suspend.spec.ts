import type { Browser, Page } from '@playwright/test';
import { newMember, signIn } from './community-helpers.ts';
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';

/*
 * Issue 21 point 5, end to end: an admin suspends a member; the member's open session ends at
 * its next token refresh and the sign-in page says why, in the member's language; signing in is
 * refused with the same explanation; the admin lifts the suspension and the member is back. The
 * audit page lists both actions, newest first.
 */
const expect = baseExpect.configure({ timeout: 20_000 });

const TEXTS = {
  '': {
    search: 'Zoeken op naam',
    reason: 'Reden',
    duration: 'Duur',
    indefinite: 'Tot opheffing',
    suspend: 'Schorsen',
    lift: 'Schorsing opheffen',
    suspendedBadge: 'Geschorst tot opheffing',
    explanation: /Je account is geschorst door de moderatoren/,
    audit: { suspend: 'schorste', lift: 'hief de schorsing op van' },
  },
  '/en': {
    search: 'Search by name',
    reason: 'Reason',
    duration: 'Duration',
    indefinite: 'Until lifted',
    suspend: 'Suspend',
    lift: 'Lift suspension',
    suspendedBadge: 'Suspended until lifted',
    explanation: /Your account is suspended by the moderators/,
    audit: { suspend: 'suspended', lift: 'lifted the suspension of' },
  },
  '/de': {
    search: 'Nach Namen suchen',
    reason: 'Grund',
    duration: 'Dauer',
    indefinite: 'Bis zur Aufhebung',
    suspend: 'Sperren',
    lift: 'Sperre aufheben',
    suspendedBadge: 'Gesperrt bis zur Aufhebung',
    explanation: /Dein Konto wurde von der Moderation gesperrt/,
    audit: { suspend: 'sperrte', lift: 'hob die Sperre auf von' },
  },
} as const;

/** A browser context of its own (with a controllable clock if asked), signed in as `email`. */
async function ownContext(browser: Browser, email: string, clock = false): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    try {
      sessionStorage.setItem('newsletter-popup-shown', '1');
    } catch {}
  });
  if (clock) await page.clock.install();
  await storeSession(page, email);
  return page;
}

async function secondsLeft(page: Page): Promise<number> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token')) ?? '';
    const s = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at?: number };
    return (s.expires_at ?? 0) - Math.floor(Date.now() / 1000);
  });
}

async function memberRow(admin: Page, prefix: keyof typeof TEXTS, name: string) {
  const tx = TEXTS[prefix];
  await admin.getByLabel(tx.search).fill(name);
  // The search has applied (the list is reloaded then): a row of the list before it would be
  // replaced, with its choices, under the test's hands.
  await expect(admin.getByRole('main').locator('li[aria-label]')).toHaveCount(1);
  const row = admin.getByRole('listitem', { name });
  await expect(row).toBeVisible();
  return row;
}

for (const prefix of ['', '/en', '/de'] as const) {
  const tx = TEXTS[prefix];
  test(`${prefix || '/nl'}: an admin suspends a member, who is sent out and kept out until lifted`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const member = await newMember(`Suspend ${prefix || 'nl'} ${Date.now() % 100000}`);
    const memberPage = await ownContext(browser, member.email, true);
    await memberPage.goto(`${prefix}/community`);
    await waitForHydration(memberPage);

    const admin = await ownContext(browser, 'admin@example.com');
    await admin.goto(`${prefix}/admin/members`);
    await waitForHydration(admin);
    let row = await memberRow(admin, prefix, member.name);
    await row.getByLabel(tx.duration).selectOption({ label: tx.indefinite });
    await row.getByLabel(tx.reason).fill('Spam in the feed');
    await row.getByRole('button', { name: tx.suspend, exact: true }).click();
    await expect(row.getByText(tx.suspendedBadge)).toBeVisible();

    // The member's open page: at the next refresh (90 s before expiry) the session ends.
    const refused = memberPage.waitForResponse(
      (r) => r.url().includes('/auth/v1/token?grant_type=refresh_token') && r.status() === 400,
    );
    await memberPage.clock.runFor(((await secondsLeft(memberPage)) - 85) * 1000);
    await refused;
    await expect(memberPage).toHaveURL(/\/auth\?next=/);
    await expect(memberPage.getByRole('alert')).toHaveText(tx.explanation);

    // Signing in again is refused with the same explanation.
    await memberPage.goto(`${prefix}/auth`);
    await waitForHydration(memberPage);
    await memberPage.getByLabel(/e-mail/i).fill(member.email);
    await memberPage.getByLabel(/^(Password|Wachtwoord|Passwort)$/).fill('password123');
    await memberPage
      .getByRole('tabpanel')
      .getByRole('button', { name: /^(Log in|Inloggen|Anmelden)$/ })
      .click();
    await expect(memberPage.getByRole('alert')).toContainText(tx.explanation);
    await expect(memberPage).toHaveURL(/\/auth/);

    // The admin lifts the suspension; the member signs in again.
    await admin.reload();
    await waitForHydration(admin);
    row = await memberRow(admin, prefix, member.name);
    await row.getByRole('button', { name: tx.lift }).click();
    await expect(row.getByRole('button', { name: tx.suspend, exact: true })).toBeVisible();
    await signIn(memberPage, member.email, prefix);

    // The audit log names both actions, newest first.
    await admin.goto(`${prefix}/admin/audit`);
    await waitForHydration(admin);
    const entries = admin.getByRole('listitem').filter({ hasText: member.name });
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toHaveAttribute('data-action', 'lift_suspension');
    await expect(entries.nth(0)).toContainText(`${tx.audit.lift} ${member.name}`);
    await expect(entries.nth(1)).toHaveAttribute('data-action', 'suspend');
    await expect(entries.nth(1)).toContainText(`${tx.audit.suspend} ${member.name}`);
    await expect(entries.nth(1)).toContainText('Spam in the feed');
    await memberPage.context().close();
    await admin.context().close();
  });
}
