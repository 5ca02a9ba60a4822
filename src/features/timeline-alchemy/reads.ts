import type { RestRead } from '~/lib/supabase/early.ts';

/**
 * Timeline Alchemy's first reads, as its pages' inline script starts them early (before React and
 * the data client load) and as data.ts makes them (src/lib/supabase/early.ts): one definition, so
 * the two cannot drift.
 */

const PREVIEW_COLUMNS =
  'id, idea_id, client_id, channel, draft_content, scheduled_at, scheduled_zone, status, admin_notes, client_feedback, reviewed_at, created_at, revision, approved_revision, reviewed_revision, published_at, ideas(title, description), clients(name, email, account_deleted_at)';

export const PAGE_SIZE = 20;

type Cursor = { created_at: string; id: string } | null;
export type DashboardQuery = { status?: string; search?: string; cursor?: Cursor };

/** A page of the dashboard (preview_dashboard), with the counts on the first page. */
export function dashboardRead(query: DashboardQuery = {}): RestRead {
  const search = query.search?.trim();
  return {
    path: 'rpc/preview_dashboard',
    body: {
      status: query.status ?? 'all',
      page_size: PAGE_SIZE,
      with_counts: !query.cursor,
      ...(search ? { search } : {}),
      ...(query.cursor ? { after_created_at: query.cursor.created_at, after_id: query.cursor.id } : {}),
    },
  };
}

/** A person's stored time zone (at most one row; RLS: their own, or any client's for an admin). */
export const timeZoneRead = (profileId: string): RestRead => ({
  path: `profile_time_zones?select=time_zone&profile_id=eq.${profileId}`,
});

/** The signed-in client's review page in one call (my_previews_feed). */
export const myFeedRead = (): RestRead => ({ path: 'rpc/my_previews_feed', body: {} });

export const clientsRead = (): RestRead => ({
  path: 'clients?select=profile_id,name,organization,email,account_deleted_at&order=name.asc',
});

export const blogPostsRead = (): RestRead => ({
  path: 'blog_posts?select=id,title,body,content,excerpt,status,category,tags,image_url,image_public_url,featured_image,facebook,instagram,x,linkedin,created_at&order=created_at.desc',
});

/** One preview by id (the wizard's `?id=`). */
export const previewRead = (id: string): RestRead => ({
  path: `previews?${new URLSearchParams({ select: PREVIEW_COLUMNS.replaceAll(' ', ''), id: `eq.${id}` })}`,
});

export const historyRead = (previewId: string): RestRead => ({
  path: `preview_history?select=id,event,revision,actor_id,via_link,feedback,created_at&preview_id=eq.${encodeURIComponent(previewId)}&order=id.asc`,
});
