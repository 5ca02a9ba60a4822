import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { ANON_KEY } from '../../supabase/local/keys.ts';
import { expect as baseExpect, waitForHydration } from './fixtures.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

const backendUrl = `http://127.0.0.1:${process.env.E2E_BACKEND_PORT ?? 24521}`;
const PASSWORD = 'password123';

export type Member = { id: string; email: string; name: string };

/** A brand-new member (signed up through the local stack), so tests never share people. */
export async function newMember(name: string): Promise<Member> {
  const db = createClient(backendUrl, ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
  const email = `e2e-${randomUUID().slice(0, 10)}@example.com`;
  const { data, error } = await db.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { display_name: name } },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  return { id: data.user.id, email, name };
}

export async function signIn(page: Page, email: string, prefix = '/en') {
  await page.goto(`${prefix}/auth`);
  await waitForHydration(page);
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/^(Password|Wachtwoord|Passwort)$/).fill(PASSWORD);
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^(Log in|Inloggen|Anmelden)$/ })
    .click();
  await expect(page).not.toHaveURL(/\/auth/);
}

/** A signed-in page of its own browser context (its own session storage). */
export async function memberPage(browser: Browser, member: Member, prefix = '/en'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, member.email, prefix);
  return page;
}

/** Opens the feed and waits until its realtime subscription is live. */
export async function openFeed(page: Page, prefix = '/en') {
  await page.goto(`${prefix}/community`);
  await expect(page.locator('[data-live="live"]')).toBeAttached({ timeout: 15_000 });
}

export const postCard = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
