import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';

export type Member = {
  userId: string;
  name: string;
  avatarUrl: string | null;
  bio: string | null;
  createdAt: string;
};

/** Members newest first, without `exclude` (the viewer, or the profile being shown). */
export async function fetchMembers(
  db: TypedSupabaseClient,
  exclude: string[],
  unknownName: string,
  limit = 500,
): Promise<Member[]> {
  let query = db.from('profiles').select('user_id, display_name, avatar_url, bio, created_at');
  if (exclude.length) query = query.not('user_id', 'in', `(${exclude.join(',')})`);
  const { data, error } = await query.order('created_at', { ascending: false }).limit(limit);
  if (error) throw error;
  return data.map((row) => ({
    userId: row.user_id,
    name: row.display_name || unknownName,
    avatarUrl: row.avatar_url,
    bio: row.bio,
    createdAt: row.created_at,
  }));
}
