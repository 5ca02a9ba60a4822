import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { groupReports, type ReportGroup, type ReportRow } from './moderation-queue.ts';

/** Open reports, oldest first, grouped by what they are about (admins only; RLS says so). */
export async function fetchOpenReports(db: TypedSupabaseClient, unknownName: string): Promise<ReportGroup[]> {
  const { data, error } = await db
    .from('reports')
    .select(
      'id, reason, post_id, comment_id, member_id, reporter:profiles!reports_reporter_id_fkey(display_name), post:posts(title, content), comment:comments(content), member:profiles!reports_member_id_fkey(display_name)',
    )
    .eq('status', 'open')
    .order('created_at', { ascending: true })
    .limit(500);
  if (error) throw error;
  return groupReports(data as unknown as ReportRow[], unknownName);
}

export async function moderate(db: TypedSupabaseClient, reportId: string, decision: 'keep' | 'remove') {
  const { error } = await db.rpc('moderate_report', { report_id: reportId, decision });
  if (error) throw error;
}
