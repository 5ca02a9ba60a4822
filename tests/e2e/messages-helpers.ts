import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { backend, confirmedMember, sessionContext } from './member-helpers.ts';

/** The e2e backend (playwright.config.ts starts it on E2E_BACKEND_PORT). */
export const API = backend;
const options = { auth: { persistSession: false, autoRefreshToken: false } };
export const service: SupabaseClient = createClient(API, SERVICE_ROLE_KEY, options);

export type Member = { id: string; name: string; email: string; session: string };

/**
 * A brand-new member (so tests never share seeded people): signed up, confirmed by the mailed
 * link and signed in through the real auth API.
 */
export async function newMember(name: string): Promise<Member> {
  const email = `e2e-${randomUUID().slice(0, 12)}@example.com`;
  const { user, session } = await confirmedMember(email, { display_name: name });
  return { id: user.id, name, email, session: JSON.stringify(session) };
}

/** A browser context in which `member` is signed in (the session supabase-js would have stored). */
export async function contextFor(
  browser: Browser,
  member: Member,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  return sessionContext(browser, member.session, viewport);
}

export const PHONE = { width: 390, height: 760 };
