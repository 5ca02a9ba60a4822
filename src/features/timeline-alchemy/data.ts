import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { readWith } from '~/lib/supabase/early.ts';
import type { Platform } from './platforms.ts';
import {
  blogPostsRead,
  clientsRead,
  type DashboardQuery,
  dashboardRead,
  historyRead,
  myFeedRead,
  PAGE_SIZE,
  previewRead,
  timeZoneRead,
} from './reads.ts';

/** Timeline Alchemy's one data module: every query and mutation the islands use. */

export type PreviewStatus = 'pending' | 'approved' | 'rejected' | 'published';
export type DraftContent = {
  content: string;
  template?: string;
  selectedPosts: string[];
  image: string | null;
  /** Per-platform texts; a platform without one uses `content`. */
  platforms?: Partial<Record<Platform, string>>;
};
export type Preview = {
  id: string;
  idea_id: string | null;
  client_id: string;
  channel: string;
  draft_content: DraftContent;
  scheduled_at: string | null;
  scheduled_zone: string;
  status: PreviewStatus;
  admin_notes: string | null;
  client_feedback: string | null;
  reviewed_at: string | null;
  created_at: string;
  revision: number;
  approved_revision: number | null;
  reviewed_revision: number | null;
  published_at: string | null;
  ideas: { title: string; description: string | null } | null;
  clients: { name: string; email: string | null; account_deleted_at?: string | null } | null;
};
export type Counts = Record<'total' | 'pending' | 'approved' | 'rejected' | 'published' | 'overdue', number>;
export type HistoryEntry = {
  id: number;
  event: 'created' | 'edited' | 'approved' | 'changes_requested' | 'published';
  revision: number | null;
  actor_id: string | null;
  via_link: boolean;
  feedback: string | null;
  created_at: string;
};

export { PAGE_SIZE };

/** Normalizes a stored draft_content (older rows may lack fields). */
export function draftOf(value: unknown): DraftContent {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const platforms =
    v['platforms'] && typeof v['platforms'] === 'object' ? (v['platforms'] as DraftContent['platforms']) : {};
  return {
    content: typeof v['content'] === 'string' ? v['content'] : '',
    selectedPosts: Array.isArray(v['selectedPosts']) ? (v['selectedPosts'] as unknown[]).map(String) : [],
    image: typeof v['image'] === 'string' ? v['image'] : null,
    platforms: platforms ?? {},
  };
}

/** The text shown for one platform of a preview. */
export const textFor = (draft: DraftContent, platform: Platform) =>
  draft.platforms?.[platform] ?? draft.content;

const toPreview = (row: unknown): Preview => {
  const r = row as Preview;
  return { ...r, draft_content: draftOf(r.draft_content) };
};

export async function must<T>(
  promise: PromiseLike<{ data: T | null; error: { message: string; code?: string } | null }>,
) {
  const { data, error } = await promise;
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
  return data as T;
}

export async function fetchCounts(db: TypedSupabaseClient): Promise<Counts> {
  const row = await must(db.rpc('preview_counts').single());
  return countsOf(row as unknown as Record<string, number | string>);
}

export type Cursor = { created_at: string; id: string } | null;
export type ListQuery = DashboardQuery & { status?: PreviewStatus | 'overdue' | 'all'; cursor?: Cursor };

const countsOf = (r: Record<string, number | string>): Counts => ({
  total: Number(r['total']),
  pending: Number(r['pending']),
  approved: Number(r['approved']),
  rejected: Number(r['rejected']),
  published: Number(r['published']),
  overdue: Number(r['overdue']),
});

/**
 * One page of previews, newest first, keyset-paginated on (created_at, id), and with the first
 * page the counts: one round trip to preview_dashboard(), which runs under the caller's RLS.
 */
export async function fetchDashboard(
  db: TypedSupabaseClient,
  query: ListQuery = {},
): Promise<{ items: Preview[]; counts: Counts | null }> {
  // The first page may have been started early by the page (reads.ts, src/lib/supabase/early.ts).
  const data = await readWith<unknown>(db, dashboardRead(query));
  const answer = (data ?? {}) as { items?: unknown[]; counts?: Record<string, number | string> | null };
  return {
    items: (answer.items ?? []).map(toPreview),
    counts: answer.counts ? countsOf(answer.counts) : null,
  };
}

/**
 * The signed-in client's review page in one call: their previews, newest first, each with its
 * history and, when it changed since their last review, the text they reviewed.
 */
export async function fetchMyFeed(db: TypedSupabaseClient): Promise<{
  previews: Preview[];
  reviewed: Map<string, DraftContent>;
  history: Map<string, HistoryEntry[]>;
}> {
  const rows = ((await readWith<unknown[] | null>(db, myFeedRead())) ?? []) as Array<
    Record<string, unknown> & { id: string; reviewed_content: unknown; history: HistoryEntry[] | null }
  >;
  const reviewed = new Map<string, DraftContent>();
  const history = new Map<string, HistoryEntry[]>();
  for (const row of rows) {
    if (row.reviewed_content) reviewed.set(row.id, draftOf(row.reviewed_content));
    history.set(row.id, row.history ?? []);
  }
  return { previews: rows.map(toPreview), reviewed, history };
}

export async function fetchPreview(db: TypedSupabaseClient, id: string): Promise<Preview | null> {
  const [row] = await readWith<unknown[]>(db, previewRead(id));
  return row ? toPreview(row) : null;
}

export async function fetchHistory(db: TypedSupabaseClient, previewId: string): Promise<HistoryEntry[]> {
  return readWith<HistoryEntry[]>(db, historyRead(previewId));
}

export async function deletePreview(db: TypedSupabaseClient, id: string): Promise<void> {
  const rows = await must(db.from('previews').delete().eq('id', id).select('id'));
  if (!(rows as unknown[]).length) throw new Error('not_found');
}

export async function approvePreview(db: TypedSupabaseClient, id: string, revision: number): Promise<void> {
  await must(db.rpc('approve_preview_revision', { preview_id: id, revision }));
}

export async function requestChanges(db: TypedSupabaseClient, id: string, feedback: string): Promise<void> {
  await must(db.rpc('request_preview_changes', { preview_id: id, feedback }));
}

export type Client = {
  profile_id: string;
  name: string;
  organization: string | null;
  email: string | null;
  /** Set when the client deleted their account: their previews stay, nothing new is made for them. */
  account_deleted_at: string | null;
};
export async function fetchClients(db: TypedSupabaseClient): Promise<Client[]> {
  return (await readWith<Client[]>(db, clientsRead())).filter((c) => c.profile_id);
}

/** True for the database's refusal to make or change anything for a client who deleted their account. */
export const isClientGoneError = (error: unknown) => (error as { code?: unknown } | null)?.code === 'PT410';

export type BlogPost = {
  id: string;
  title: string;
  body: string | null;
  content: string | null;
  excerpt: string | null;
  status: 'draft' | 'scheduled' | 'published' | 'archived';
  category: string;
  tags: string[];
  image_url: string | null;
  image_public_url: string | null;
  featured_image: string | null;
  facebook: string | null;
  instagram: string | null;
  x: string | null;
  linkedin: string | null;
  created_at: string;
};
export async function fetchBlogPosts(db: TypedSupabaseClient): Promise<BlogPost[]> {
  return readWith<BlogPost[]>(db, blogPostsRead());
}

export type SaveInput = {
  clientId: string;
  title: string;
  channel: string;
  draft: DraftContent;
  scheduledAt: string | null;
  zone: string;
  notes: string;
};
export async function createPreview(db: TypedSupabaseClient, input: SaveInput): Promise<string> {
  const row = await must(
    db.rpc('create_preview_with_idea', {
      client_id: input.clientId,
      title: input.title,
      channel: input.channel,
      draft_content: input.draft,
      ...(input.scheduledAt ? { scheduled_at: input.scheduledAt } : {}),
      scheduled_zone: input.zone,
      admin_notes: input.notes,
      idea_metadata: { originalPostTitle: input.title },
    }),
  );
  return (row as { id: string }).id;
}

export async function editPreview(db: TypedSupabaseClient, id: string, input: SaveInput): Promise<void> {
  await must(
    db.rpc('edit_preview', {
      preview_id: id,
      channel: input.channel,
      draft_content: input.draft,
      ...(input.scheduledAt ? { scheduled_at: input.scheduledAt } : {}),
      scheduled_zone: input.zone,
      admin_notes: input.notes,
      title: input.title,
    }),
  );
}

/**
 * A person's stored IANA time zone (their own, or any client's for an admin); null if unknown. The
 * client's pages read their own early, with the page's first data (its place on screen is filled
 * with the first content, not after it).
 */
export async function fetchTimeZone(db: TypedSupabaseClient, profileId: string): Promise<string | null> {
  const [row] = await readWith<Array<{ time_zone: string }>>(db, timeZoneRead(profileId));
  return row?.time_zone ?? null;
}

/**
 * Stores the zone the signed-in person chose (client/TimeZoneSetting.tsx) and returns the stored
 * zone; a zone the database does not know keeps the earlier one (or none).
 */
export async function saveMyTimeZone(db: TypedSupabaseClient, zone: string, profileId: string) {
  const { data, error } = await db.rpc('set_my_time_zone', { time_zone: zone });
  if (!error && typeof data === 'string') return data;
  return fetchTimeZone(db, profileId).catch(() => null);
}
