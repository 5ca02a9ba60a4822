import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect as baseExpect } from './fixtures.ts';
import { confirmedMember, signIn } from './member-helpers.ts';

export { signIn };

const expect = baseExpect.configure({ timeout: 20_000 });

export type Member = { id: string; email: string; name: string };

/** A brand-new member (signed up and confirmed through the local stack), so tests never share people. */
export async function newMember(name: string): Promise<Member> {
  const email = `e2e-${randomUUID().slice(0, 10)}@example.com`;
  const { user } = await confirmedMember(email, { display_name: name });
  return { id: user.id, email, name };
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
