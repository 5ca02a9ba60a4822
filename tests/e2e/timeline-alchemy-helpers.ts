import type { Page } from '@playwright/test';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { expect as baseExpect, waitForHydration } from './fixtures.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

const backendPort = Number(process.env.E2E_BACKEND_PORT ?? 24521);
const backend = `http://127.0.0.1:${backendPort}`;
/** The local mail inbox of the e2e stack (gateway port + 3). */
export const inbox = `http://127.0.0.1:${backendPort + 3}`;
export const LOTTE = '22222222-2222-4222-8222-222222222222';

export async function signIn(page: Page, email: string, prefix = '/en') {
  await page.goto(`${prefix}/auth`);
  await waitForHydration(page);
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/^(Password|Wachtwoord|Passwort)$/).fill('password123');
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^(Log in|Inloggen|Anmelden)$/ })
    .click();
  await expect(page).not.toHaveURL(/\/auth/);
}

/** Service-role REST, only to arrange fixtures and check effects the UI cannot show. */
export async function service(path: string, init: RequestInit = {}) {
  const res = await fetch(`${backend}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: SERVICE_ROLE_KEY,
      authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
      ...(init.headers ?? {}),
    },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/** A preview with its own idea title, straight into the database. */
export async function arrangePreview(client: string, title: string, extra: Record<string, unknown> = {}) {
  const [idea] = (await service('ideas', { method: 'POST', body: JSON.stringify({ title }) })) as Array<{
    id: string;
  }>;
  const [preview] = (await service('previews', {
    method: 'POST',
    body: JSON.stringify({
      idea_id: idea?.id,
      client_id: client,
      channel: 'LinkedIn',
      template: 'LinkedIn',
      draft_content: {
        content: `${title} text`,
        selectedPosts: [],
        image: null,
        platforms: { LinkedIn: `${title} text` },
      },
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
      ...extra,
    }),
  })) as Array<{ id: string }>;
  return preview?.id ?? '';
}

/** A brand-new client account (signs up, becomes a client with a clients row) for one test. */
export async function newClientAccount(name: string): Promise<{ id: string; email: string }> {
  const email = `client-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await fetch(`${backend}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'password123', data: { display_name: name } }),
  });
  if (!res.ok) throw new Error(`signup: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user?: { id: string }; id?: string };
  const id = body.user?.id ?? body.id ?? '';
  await service(`profiles?id=eq.${id}`, { method: 'PATCH', body: JSON.stringify({ role: 'client' }) });
  await service('clients', { method: 'POST', body: JSON.stringify({ name, email, profile_id: id }) });
  return { id, email };
}
