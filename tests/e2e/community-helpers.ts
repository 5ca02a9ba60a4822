import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { Session } from '@supabase/supabase-js';
import { expect as baseExpect } from './fixtures.ts';
import { confirmedMember, sessionContext, signIn } from './member-helpers.ts';

export { signIn };

const expect = baseExpect.configure({ timeout: 20_000 });

export type Member = { id: string; email: string; name: string; session: Session };

/** A brand-new member (signed up and confirmed through the local stack), so tests never share people. */
export async function newMember(name: string): Promise<Member> {
  const email = `e2e-${randomUUID().slice(0, 10)}@example.com`;
  const { user, session } = await confirmedMember(email, { display_name: name });
  return { id: user.id, email, name, session };
}

/**
 * A signed-in page of its own browser context (its own session storage), not yet navigated: the
 * member's session is stored before the first page loads, as the sign-in form would leave it.
 * (Every caller goes to a page of its own next, so no home page is loaded for nothing.)
 */
export async function memberPage(browser: Browser, member: Member): Promise<Page> {
  const { page } = await sessionContext(browser, member.session);
  return page;
}

/** Opens the feed and waits until its realtime subscription is live. */
export async function openFeed(page: Page, prefix = '/en') {
  await page.goto(`${prefix}/community`);
  await expect(page.locator('[data-live="live"]')).toBeAttached({ timeout: 15_000 });
}

export const postCard = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
