import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';

export type ReportTarget = { kind: 'post' | 'comment' | 'member'; id: string };

/** Files a report as the signed-in member; the database checks who may report what. */
export async function fileReport(
  db: TypedSupabaseClient,
  reporterId: string,
  target: ReportTarget,
  reason: string,
): Promise<void> {
  const column = target.kind === 'post' ? 'post_id' : target.kind === 'comment' ? 'comment_id' : 'member_id';
  const { error } = await db
    .from('reports')
    .insert({ reporter_id: reporterId, reason, [column]: target.id } as never);
  if (error) throw error;
}
