import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { must, type PreviewStatus } from '../data.ts';

/** The calendar's queries and changes; the database decides who sees and moves what. */

export type CalendarItem = {
  id: string;
  client_id: string;
  channel: string;
  status: PreviewStatus;
  scheduled_at: string;
  title: string;
  client: string;
  /** Publishing has begun (publication rows exist): the worker may be posting it now. */
  publishing: boolean;
};

/** What a card shows as its status: the preview's, or "publishing" once the worker has it. */
export type CalendarStatus = PreviewStatus | 'publishing';
export const statusOf = (item: CalendarItem): CalendarStatus =>
  item.status !== 'published' && item.publishing ? 'publishing' : item.status;

/** Only an admin moves, and never what is published or being published (the database agrees). */
export const canMove = (item: CalendarItem) => item.status !== 'published' && !item.publishing;

type Row = {
  id: string;
  client_id: string;
  channel: string;
  status: PreviewStatus;
  scheduled_at: string;
  ideas: { title: string } | null;
  clients: { name: string } | null;
  preview_publications: { status: string }[] | null;
};

/** Previews scheduled in [from, to), one client's or (admin) everyone's RLS lets the viewer read. */
export async function fetchCalendar(
  db: TypedSupabaseClient,
  range: { from: string; to: string },
  clientId?: string,
): Promise<CalendarItem[]> {
  let query = db
    .from('previews')
    .select(
      'id, client_id, channel, status, scheduled_at, ideas(title), clients(name), preview_publications(status)',
    )
    .gte('scheduled_at', range.from)
    .lt('scheduled_at', range.to)
    .order('scheduled_at')
    .limit(1000);
  if (clientId) query = query.eq('client_id', clientId);
  const rows = (await must(query)) as unknown as Row[];
  return rows.map((r) => ({
    id: r.id,
    client_id: r.client_id,
    channel: r.channel,
    status: r.status,
    scheduled_at: r.scheduled_at,
    title: r.ideas?.title ?? '',
    client: r.clients?.name ?? '',
    publishing: (r.preview_publications?.length ?? 0) > 0,
  }));
}

/** Why a move failed, from the database's code: past time, locked (published/publishing), refused, client gone. */
export type MoveFailure = 'past' | 'locked' | 'denied' | 'gone' | 'other';
export function moveFailure(error: unknown): MoveFailure {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '22023') return 'past';
  if (code === 'PT409') return 'locked';
  if (code === '42501') return 'denied';
  if (code === 'PT410') return 'gone';
  return 'other';
}

/** Moves a preview (public.reschedule_preview); returns its new status. */
export async function movePreview(db: TypedSupabaseClient, id: string, at: Date): Promise<PreviewStatus> {
  const row = await must(db.rpc('reschedule_preview', { preview_id: id, scheduled_at: at.toISOString() }));
  return (row as { status: PreviewStatus }).status;
}

/** The client's feed link: when it was made (null: none), a new one (the token, shown once), revoke. */
export async function feedCreated(db: TypedSupabaseClient): Promise<string | null> {
  return ((await must(db.rpc('calendar_feed_created'))) as string | null) ?? null;
}
export async function newFeed(db: TypedSupabaseClient, locale: string): Promise<string> {
  return (await must(db.rpc('calendar_feed_new', { locale }))) as string;
}
export async function revokeFeed(db: TypedSupabaseClient): Promise<void> {
  await must(db.rpc('calendar_feed_revoke'));
}

/** The address a calendar app subscribes to. */
export const feedUrl = (origin: string, token: string) =>
  `${origin}/api/timeline-alchemy/calendar/${token}.ics`;
