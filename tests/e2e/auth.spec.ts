import type { Page } from '@playwright/test';
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts';
import { mailedLink } from './member-helpers.ts';

const password = 'password123';

async function signIn(page: Page, email: string, prefix = '/en') {
  await page.goto(`${prefix}/auth`);
  await waitForHydration(page);
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/^(Password|Wachtwoord|Passwort)$/).fill(password);
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^(Log in|Inloggen|Anmelden)$/ })
    .click();
}

test('an admin signs in, sees the Timeline Alchemy entries and signs out again', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/en\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Welcome back!' })).toBeVisible();
  const account = page.getByRole('button', { name: 'Account menu for admin@example.com' });
  await account.click();
  const entry = page.getByRole('link', { name: 'Timeline Alchemy' }).first();
  await expect(entry).toHaveAttribute('href', '/en/timeline-alchemy/admin/dashboard');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Timeline Alchemy' })).toHaveAttribute(
    'href',
    '/en/timeline-alchemy/admin/dashboard',
  );
  await checkA11y(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You have been successfully logged out.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Timeline Alchemy' })).toHaveAttribute(
    'href',
    '/en/timeline-alchemy',
  );
});

test('a client gets the my-previews entry (in German)', async ({ page }) => {
  await signIn(page, 'lotte@example.com', '/de');
  await page.getByRole('button', { name: 'Kontomenü für lotte@example.com' }).click();
  await expect(page.getByRole('link', { name: 'Timeline Alchemy' }).first()).toHaveAttribute(
    'href',
    '/de/timeline-alchemy/client/my-previews',
  );
});

test('a member gets no Timeline Alchemy entry (in Dutch) and is sent home from the sign-in page', async ({
  page,
}) => {
  await signIn(page, 'emma@example.com', '');
  await expect(page.getByRole('status').filter({ hasText: 'Welkom terug!' })).toBeVisible();
  await page.getByRole('button', { name: 'Accountmenu van emma@example.com' }).click();
  await expect(page.getByRole('link', { name: 'Mijn profiel' })).toBeVisible();
  await expect(page.locator('#user-menu-panel').getByRole('link', { name: 'Timeline Alchemy' })).toBeHidden();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Timeline Alchemy' })).toHaveAttribute(
    'href',
    '/timeline-alchemy',
  );
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
});

test('a wrong password is refused with a clear message and the form keeps the e-mail', async ({ page }) => {
  await page.goto('/en/auth');
  await waitForHydration(page);
  await page.getByLabel(/e-mail/i).fill('emma@example.com');
  await page.getByLabel(/^Password$/).fill('not-the-password');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Login failed: The e-mail address or password is incorrect.',
  );
  await expect(page.getByLabel(/e-mail/i)).toHaveValue('emma@example.com');
  await checkA11y(page);
});

test('what is typed before the page has loaded its scripts counts: a slow phone signs in at once', async ({
  page,
}) => {
  // The scripts wait until the fields are filled, as on a slow connection.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_astro\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/en/auth', { waitUntil: 'commit' });
  await page.getByLabel(/e-mail/i).fill('emma@example.com');
  await page.getByLabel(/^Password$/).fill(password);
  release();
  await waitForHydration(page);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Welcome back!' })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/$/);
});

test('sign-up: a short password is refused; a good one asks to confirm the address, and the mailed link lets the member in', async ({
  page,
}) => {
  const email = `new-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/auth');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Registreren' }).click();
  await page.getByLabel('Naam').fill('Nieuwe Zoeker');
  await page.getByLabel(/e-mail/i).fill(email);
  const passwordField = page.getByLabel(/^Wachtwoord$/);
  await passwordField.fill('12345');
  await page.getByRole('button', { name: 'Word een Chosen One' }).click();
  await expect(page.getByRole('alert')).toContainText('Registratie mislukt');
  await expect(page.getByRole('alert')).toContainText('(Code: weak_password)');

  await page.getByRole('button', { name: 'Wachtwoord tonen' }).click();
  await expect(passwordField).toHaveAttribute('type', 'text');
  await passwordField.fill('a-long-enough-secret');
  await page.getByRole('button', { name: 'Word een Chosen One' }).click();
  // As in production, the account waits for its address to be confirmed.
  await expect(page.getByRole('status')).toContainText('bevestig je adres met de link daarin');
  await expect(page).toHaveURL(/\/auth$/);

  // The member opens the link from the mail and signs in.
  await page.goto(await mailedLink(email));
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/(?:#.*)?$/);
  await page.goto('/auth');
  await waitForHydration(page);
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/^Wachtwoord$/).fill('a-long-enough-secret');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: `Accountmenu van ${email}` })).toBeVisible();
});
