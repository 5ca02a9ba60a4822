import { batched } from '~/lib/batch.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';

/** Browser-side reads and actions of publishing and connected accounts (RLS decides what shows). */
export type SocialPlatform = 'x' | 'linkedin' | 'facebook' | 'instagram';
/** The platforms' own names (brands, the same in every language). */
export const PLATFORM_NAMES: Record<SocialPlatform, string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
};
export type Connection = {
  platform: SocialPlatform;
  account_name: string;
  profile_url: string | null;
  status: 'connected' | 'expired' | 'revoked';
  connected_at: string;
};
export type Publication = {
  platform: SocialPlatform;
  status: 'scheduled' | 'retrying' | 'posted' | 'failed';
  url: string | null;
  error: string | null;
  error_code: string | null;
  next_attempt_at: string;
};

export async function myConnections(db: TypedSupabaseClient): Promise<Connection[]> {
  const { data, error } = await db
    .from('social_connections')
    .select('platform, account_name, profile_url, status, connected_at')
    .order('platform');
  if (error) throw new Error(error.message);
  return (data ?? []) as Connection[];
}

export async function disconnect(db: TypedSupabaseClient, platform: string): Promise<void> {
  const { error } = await db.rpc('social_disconnect', { platform });
  if (error) throw new Error(error.message);
}

/** Asks the server for the platform's authorize page (the client's JWT proves who connects). */
export async function connectUrl(db: TypedSupabaseClient, platform: string, lang: string): Promise<string> {
  const { data } = await db.auth.getSession();
  const response = await fetch('/api/timeline-alchemy/connect', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${data.session?.access_token ?? ''}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ platform, lang }),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return ((await response.json()) as { url: string }).url;
}

/** One reader per data client: the cards of one render share one request (`batched`). */
const publicationReaders = new WeakMap<TypedSupabaseClient, (previewId: string) => Promise<Publication[]>>();

/**
 * A preview's publications per platform. A list's cards each ask for their own; the asks of one
 * render go out as one read of all their previews (a dashboard page of 20 cards: 1 request, not 20).
 */
export function publicationsOf(db: TypedSupabaseClient, previewId: string): Promise<Publication[]> {
  let read = publicationReaders.get(db);
  if (!read) {
    read = batched(async (previewIds: string[]) => {
      const { data, error } = await db
        .from('preview_publications')
        .select('preview_id, platform, status, url, error, error_code, next_attempt_at')
        .in('preview_id', previewIds)
        .order('platform');
      if (error) throw new Error(error.message);
      const rows = (data ?? []) as (Publication & { preview_id: string })[];
      return (id: string) => rows.filter((row) => row.preview_id === id).map(({ preview_id: _, ...p }) => p);
    });
    publicationReaders.set(db, read);
  }
  return read(previewId);
}

export async function retryPublication(db: TypedSupabaseClient, previewId: string, platform: string) {
  const { error } = await db.rpc('publication_retry_now', { preview_id: previewId, platform });
  if (error) throw new Error(error.message);
}

export type ClientConnection = Connection & {
  client_id: string;
  account_id: string;
  clients: { name: string } | null;
};

/** Admins: every client's connections (status only; tokens never leave the database). */
export async function allConnections(db: TypedSupabaseClient): Promise<ClientConnection[]> {
  const { data, error } = await db
    .from('social_connections')
    .select('client_id, platform, account_id, account_name, profile_url, status, connected_at, clients(name)')
    .order('client_id')
    .order('platform');
  if (error) throw new Error(error.message);
  return (data ?? []) as unknown as ClientConnection[];
}

export type PageOption = { page_id: string; page_name: string; instagram_username: string | null };
/** The logins that end in a choice: Facebook (which Page), LinkedIn (the member or an organization page). */
export type ChoosingPlatform = 'facebook' | 'linkedin';

/** What the last login of `platform` offered this client (names only; no tokens). */
export async function pageOptions(
  db: TypedSupabaseClient,
  platform: ChoosingPlatform,
): Promise<PageOption[]> {
  const { data, error } = await db.rpc('social_page_options', { platform });
  if (error) throw new Error(error.message);
  return (data ?? []) as PageOption[];
}

/** Connects the chosen Page (and its linked Instagram account), or the LinkedIn author. */
export async function choosePage(
  db: TypedSupabaseClient,
  pageId: string,
  platform: ChoosingPlatform,
): Promise<void> {
  const { error } = await db.rpc('social_page_choose', { page_id: pageId, platform });
  if (error) throw new Error(error.message);
}

/** A LinkedIn connection that posts as an organization page (its account_id is the page's URN). */
export const isOrganizationPage = (accountId: string) => accountId.startsWith('urn:li:organization:');
