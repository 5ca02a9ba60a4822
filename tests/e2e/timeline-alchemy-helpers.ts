import { SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { backend, confirmedMember, inbox } from './member-helpers.ts';

export { inbox };
export const LOTTE = '22222222-2222-4222-8222-222222222222';

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
  const { user } = await confirmedMember(email, { display_name: name });
  const id = user.id;
  await service(`profiles?id=eq.${id}`, { method: 'PATCH', body: JSON.stringify({ role: 'client' }) });
  await service('clients', { method: 'POST', body: JSON.stringify({ name, email, profile_id: id }) });
  return { id, email };
}
