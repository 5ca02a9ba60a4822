import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createClient, type Session, type User } from '@supabase/supabase-js';
import { ANON_KEY } from '../../supabase/local/keys.ts';
import { expect, waitForHydration } from './fixtures.ts';

/*
 * New members for e2e tests, made as in production: the e2e backend (playwright.config.ts) asks
 * for e-mail confirmation like the hosted project, so a sign-up has no session until its mailed
 * link is opened. The fixtures do what a member does, through the API (fast): sign up, open the
 * link from the stack's inbox, sign in. tests/e2e/auth.spec.ts walks the same route in the UI.
 */

const backendPort = Number(process.env.E2E_BACKEND_PORT ?? 24521);
/** The e2e backend (playwright.config.ts starts it on E2E_BACKEND_PORT). */
export const backend = `http://127.0.0.1:${backendPort}`;
/** The stack's captured mails, as JSON (gateway port + 3; supabase/local README). */
export const inbox = `http://127.0.0.1:${backendPort + 3}`;
const PASSWORD = 'password123';
/** The key under which the site's supabase-js stores the session. */
const storageKey = `sb-${new URL(backend).hostname.split('.')[0]}-auth-token`;

/**
 * The newest link in a mail to `to` that carries `type=<type>` (a GoTrue verify link), waiting
 * until the mail has arrived.
 */
export async function mailedLink(to: string, type = 'signup', timeoutMs = 15_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const res = await fetch(`${inbox}/api/messages?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as Array<{ links?: string[] }>;
    const newest = mails
      .flatMap((mail) => mail.links ?? [])
      .filter((link) => link.includes(`type=${type}`))
      .at(-1);
    if (newest) return newest;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${type} mail to ${to}`);
}

/**
 * Signs `email` up, confirms the address with the mailed link (opened as a browser would, the
 * redirect not followed) and signs in: the confirmed member and their session.
 */
export async function confirmedMember(
  email: string,
  metadata: Record<string, unknown>,
): Promise<{ user: User; session: Session }> {
  const db = createClient(backend, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const signedUp = await db.auth.signUp({ email, password: PASSWORD, options: { data: metadata } });
  if (signedUp.error) throw signedUp.error;
  if (signedUp.data.session) throw new Error('signed in without confirming: is --autoconfirm back on?');
  const verified = await fetch(await mailedLink(email), { redirect: 'manual' });
  const location = verified.headers.get('location') ?? '';
  if (verified.status >= 400 || /[#?&]error=/.test(location)) {
    throw new Error(`confirming ${email}: ${verified.status} ${location}`);
  }
  const { data, error } = await db.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return data;
}

/** Signs `email` in through the site's form, as a member does (password PASSWORD). */
export async function signIn(page: Page, email: string, prefix = '/en') {
  await page.goto(`${prefix}/auth`);
  await waitForHydration(page);
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/^(Password|Wachtwoord|Passwort)$/).fill(PASSWORD);
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^(Log in|Inloggen|Anmelden)$/ })
    .click();
  await expect(page).not.toHaveURL(/\/auth/, { timeout: 20_000 });
}

/**
 * A browser context of its own in which the member of `session` is signed in: the session
 * supabase-js stores after a sign-in, put in place before any page loads (no trip through the
 * sign-in form, which tests/e2e/auth.spec.ts walks).
 */
export async function sessionContext(
  browser: Browser,
  session: Session | string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const value = typeof session === 'string' ? session : JSON.stringify(session);
  await context.addInitScript(
    ([k, v]) => {
      if (!localStorage.getItem(k as string)) localStorage.setItem(k as string, v as string);
    },
    [storageKey, value],
  );
  return { context, page: await context.newPage() };
}

/**
 * Signs `email` in through the auth API (no trip through the sign-in form, which
 * tests/e2e/auth.spec.ts and signed-in-state.spec.ts walk on purpose) and stores the session in
 * `page`'s origin exactly where the form's supabase-js leaves it: the page's next navigation is
 * signed in. Unlike `sessionContext`, nothing puts the session back after the page signs out.
 */
export async function storeSession(page: Page, email: string): Promise<Session> {
  const db = createClient(backend, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error } = await db.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  // A static file of the site's origin: the cheapest document whose localStorage is the site's.
  await page.goto('/favicon.svg');
  await page.evaluate(({ k, v }) => localStorage.setItem(k, v), {
    k: storageKey,
    v: JSON.stringify(data.session),
  });
  return data.session;
}
