import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { type RestRead, readWith } from '~/lib/supabase/early.ts';
import { countWith } from '~/lib/supabase/head-count.ts';
import { readSocialLinks, type SocialLinks } from './social.ts';

export type Profile = {
  userId: string;
  displayName: string;
  avatarUrl: string | null;
  bio: string;
  socialLinks: SocialLinks;
  createdAt: string;
  /** Accepts messages from friends only (the database refuses others' messages). */
  friendsOnly: boolean;
};

/** A profile's row, as /profile starts it early (profile-page.ts, src/lib/supabase/early.ts). */
export const profileRead = (userId: string): RestRead => ({
  path: `profiles?select=user_id,display_name,avatar_url,bio,social_links,created_at,message_privacy&user_id=eq.${encodeURIComponent(userId)}`,
});
type ProfileRow = {
  user_id: string;
  display_name: string | null;
  avatar_url: string | null;
  bio: string | null;
  social_links: unknown;
  created_at: string;
  message_privacy: string;
};

/** One profile by user id; null when it does not exist or RLS hides it (a block). */
export async function fetchProfile(db: TypedSupabaseClient, userId: string): Promise<Profile | null> {
  const [data] = await readWith<ProfileRow[]>(db, profileRead(userId));
  if (!data) return null;
  return {
    userId: data.user_id,
    displayName: data.display_name ?? '',
    avatarUrl: data.avatar_url,
    bio: data.bio ?? '',
    socialLinks: readSocialLinks(data.social_links),
    createdAt: data.created_at,
    friendsOnly: data.message_privacy === 'friends',
  };
}

export async function saveProfile(
  db: TypedSupabaseClient,
  userId: string,
  patch: { displayName: string; bio: string; socialLinks: SocialLinks },
): Promise<void> {
  const { data, error } = await db
    .from('profiles')
    .update({
      display_name: patch.displayName || null,
      bio: patch.bio || null,
      social_links: patch.socialLinks,
    })
    .eq('user_id', userId)
    .select('user_id');
  if (error) throw error;
  if (!data?.length) throw Object.assign(new Error('profile not updated'), { code: '42501' });
}

/**
 * Resizes the picture to 512 px (new pixels: no EXIF), uploads it over user-avatars/{id}/avatar.{ext}
 * and stores its public URL with a version, so every cache shows the new one.
 */
export async function uploadAvatar(db: TypedSupabaseClient, userId: string, file: File): Promise<string> {
  // The resizer loads with the first upload, not with the page.
  const { resizeImage } = await import('~/lib/image/resize.ts');
  const image = await resizeImage(file, 512);
  const ext = image.type === 'image/png' ? 'png' : 'jpg';
  const path = `${userId}/avatar.${ext}`;
  const bucket = db.storage.from('user-avatars');
  const { error } = await bucket.upload(path, image, {
    upsert: true,
    contentType: image.type,
    cacheControl: '3600',
  });
  if (error) throw error;
  const url = `${bucket.getPublicUrl(path).data.publicUrl}?v=${Date.now()}`;
  const { error: updateError } = await db.from('profiles').update({ avatar_url: url }).eq('user_id', userId);
  if (updateError) throw updateError;
  return url;
}

/** How many posts a member wrote; /user/{id} starts it early (user-page.ts). */
export const postCountRead = (userId: string): RestRead => ({
  path: `posts?select=id&user_id=eq.${encodeURIComponent(userId)}`,
  count: true,
});

export async function postCount(db: TypedSupabaseClient, userId: string): Promise<number> {
  return countWith(db, postCountRead(userId));
}

export type BlockedMember = { userId: string; name: string; avatarUrl: string | null };

export async function fetchBlocked(db: TypedSupabaseClient, unknownName: string): Promise<BlockedMember[]> {
  const { data, error } = await db.rpc('blocked_members');
  if (error) throw error;
  const rows = (data ?? []) as { user_id: string; display_name: string | null; avatar_url: string | null }[];
  return rows.map((row) => ({
    userId: row.user_id,
    name: row.display_name || unknownName,
    avatarUrl: row.avatar_url,
  }));
}

export async function setBlocked(db: TypedSupabaseClient, me: string, other: string, blocked: boolean) {
  const { error } = blocked
    ? await db.from('blocks').insert({ blocker_id: me, blocked_id: other })
    : await db.from('blocks').delete().eq('blocker_id', me).eq('blocked_id', other);
  if (error && error.code !== '23505') throw error;
}
