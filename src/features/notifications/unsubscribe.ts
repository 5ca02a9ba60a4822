import { createClient } from '@supabase/supabase-js';
import { apiError, json } from '~/lib/http/json.ts';
import { supabaseAnonKey, supabaseUrl } from '~/lib/supabase/env.ts';
import type { Topic } from './topics.ts';
import { unsubscribeTokenSchema } from './unsubscribe-schema.ts';

/**
 * Unsubscribing from one topic's notification mail without signing in (RFC 8058): the token is
 * `<member>.<topic>.<hash>`, and only the database can tell a genuine one
 * (public.notification_unsubscribe, granted to anon, idempotent).
 */

export type UnsubscribeOutcome =
  | { outcome: 'unsubscribed'; topic: Topic }
  | { outcome: 'invalid' }
  | { outcome: 'unavailable' };

type Rpc = (
  fn: 'notification_unsubscribe',
  args: { token: string },
) => PromiseLike<{ data: unknown; error: { code?: string; message: string } | null }>;

let anon: { rpc: Rpc } | undefined;
const anonClient = (): { rpc: Rpc } => {
  anon ??= createClient(supabaseUrl, supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  }) as unknown as { rpc: Rpc };
  return anon;
};

/** Turns the token's topic off by mail. A token that is not one of ours is 'invalid'. */
export async function unsubscribeTopic(
  token: string,
  db: { rpc: Rpc } = anonClient(),
): Promise<UnsubscribeOutcome> {
  const parsed = unsubscribeTokenSchema.safeParse(token);
  if (!parsed.success) return { outcome: 'invalid' };
  try {
    const { data, error } = await db.rpc('notification_unsubscribe', { token: parsed.data });
    if (error) return error.code === '22023' ? { outcome: 'invalid' } : { outcome: 'unavailable' };
    return { outcome: 'unsubscribed', topic: data as Topic };
  } catch {
    return { outcome: 'unavailable' };
  }
}

/**
 * POST /api/notifications/unsubscribe?token=...: what a mail client sends for the
 * List-Unsubscribe-Post header (body `List-Unsubscribe=One-Click`). 200 also when already off.
 */
export async function handleOneClickUnsubscribe(request: Request, db?: { rpc: Rpc }): Promise<Response> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!unsubscribeTokenSchema.safeParse(token).success)
    return apiError(400, 'invalid_token', 'This unsubscribe link is not valid.');
  const result = await unsubscribeTopic(token, db);
  if (result.outcome === 'invalid')
    return apiError(404, 'invalid_token', 'This unsubscribe link is not valid.');
  if (result.outcome === 'unavailable') return apiError(503, 'unavailable', 'Please try again in a moment.');
  return json({ ok: true, status: 'unsubscribed', topic: result.topic });
}
