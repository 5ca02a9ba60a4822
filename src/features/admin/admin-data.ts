import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { Duration } from './durations.ts';

/** The admin pages' queries (RLS lets only admins read suspensions and the audit log). */

export type MemberRow = { id: string; name: string; role: 'admin' | 'client' | 'member' };
export type Suspension = { until: string | null; reason: string };
export type AuditEntry = {
  id: number;
  actorId: string;
  action: string;
  targetKind: 'member' | 'post' | 'comment';
  targetId: string | null;
  reason: string | null;
  createdAt: string;
};

const AUDIT_PAGE = 50;

/** Up to 50 members whose name contains `query` (all when empty), by name. */
export async function fetchMembers(db: TypedSupabaseClient, query: string): Promise<MemberRow[]> {
  let q = db.from('profiles').select('user_id, display_name, role').order('display_name').limit(50);
  const needle = query.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  if (needle) q = q.ilike('display_name', `%${needle}%`);
  const { data, error } = await q;
  if (error) throw error;
  return data.map((p) => ({ id: p.user_id, name: p.display_name ?? '', role: p.role }));
}

/** The suspensions in force, by member id. */
export async function fetchSuspensions(db: TypedSupabaseClient): Promise<Map<string, Suspension>> {
  const { data, error } = await db
    .from('member_suspensions')
    .select('user_id, until, reason')
    .or(`until.is.null,until.gt.${new Date().toISOString()}`)
    .limit(1000);
  if (error) throw error;
  return new Map(data.map((s) => [s.user_id, { until: s.until, reason: s.reason }]));
}

/** One page of the audit log, newest first; `before` is the last id of the previous page. */
export async function fetchAudit(
  db: TypedSupabaseClient,
  before: number | null,
): Promise<{ entries: AuditEntry[]; more: boolean }> {
  let q = db
    .from('admin_audit_log')
    .select('id, actor_id, action, target_kind, target_id, reason, created_at')
    .order('id', { ascending: false })
    .limit(AUDIT_PAGE + 1);
  if (before !== null) q = q.lt('id', before);
  const { data, error } = await q;
  if (error) throw error;
  const entries = data.slice(0, AUDIT_PAGE).map((r) => ({
    id: r.id,
    actorId: r.actor_id,
    action: r.action,
    targetKind: r.target_kind as AuditEntry['targetKind'],
    targetId: r.target_id,
    reason: r.reason,
    createdAt: r.created_at,
  }));
  return { entries, more: data.length > AUDIT_PAGE };
}

/** Display names of these people (admins read every profile); missing ones are former members. */
export async function fetchNames(db: TypedSupabaseClient, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { data, error } = await db.from('profiles').select('user_id, display_name').in('user_id', unique);
  if (error) throw error;
  return new Map(data.map((p) => [p.user_id, p.display_name ?? '']));
}

/** Calls /api/admin/{suspend,unsuspend} with the admin's session; the error code on failure. */
async function callEndpoint(db: TypedSupabaseClient, path: string, body: object): Promise<string | null> {
  const { data } = await db.auth.getSession();
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${data.session?.access_token ?? ''}`,
      },
      body: JSON.stringify(body),
    });
    if (res.ok) return null;
    const answer = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
    return answer?.error?.code ?? 'failed';
  } catch {
    return 'network';
  }
}

export const suspendMember = (db: TypedSupabaseClient, userId: string, duration: Duration, reason: string) =>
  callEndpoint(db, '/api/admin/suspend', { userId, duration, reason });

export const liftSuspension = (db: TypedSupabaseClient, userId: string) =>
  callEndpoint(db, '/api/admin/unsuspend', { userId });
