import { getSupabase } from '~/lib/supabase/client.ts';
import {
  LATEST_POSTS_COUNT,
  type PostCard,
  type PostRow,
  type ProfileRow,
  toPostCards,
} from './latest-posts-data.ts';

export type LatestPosts = { posts: PostCard[]; signedIn: boolean };

/**
 * Loads the newest posts with their authors' names, and whether someone is signed in. Imported
 * by the latest-posts element only when its section scrolls near, so supabase-js costs nothing
 * before that. Throws when the posts cannot be read (the element then shows Try Again).
 */
export async function loadLatestPosts(untitled: string): Promise<LatestPosts> {
  const supabase = await getSupabase();
  const [{ data: posts, error }, { data: session }] = await Promise.all([
    supabase
      .from('posts')
      .select('id, title, content, created_at, user_id')
      .order('created_at', { ascending: false })
      .limit(LATEST_POSTS_COUNT),
    supabase.auth.getSession(),
  ]);
  if (error) throw new Error(`Loading the latest posts failed: ${error.message}`);
  const rows = (posts ?? []) as PostRow[];
  const ids = [...new Set(rows.map((p) => p.user_id))];
  // Profiles are for members only (RLS): a visitor gets none and sees "a member" instead.
  let profiles: ProfileRow[] = [];
  if (ids.length) {
    const { data } = await supabase.from('profiles').select('user_id, display_name').in('user_id', ids);
    profiles = (data ?? []) as ProfileRow[];
  }
  return { posts: toPostCards(rows, profiles, untitled), signedIn: Boolean(session.session) };
}
