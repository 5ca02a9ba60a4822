import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';

// Writing a post: loaded with the new-post form (NewPostFields.tsx), not with the feed.

export async function createPost(
  db: TypedSupabaseClient,
  post: { title: string; content: string; imageUrl: string | null; userId: string },
): Promise<string> {
  const { data, error } = await db
    .from('posts')
    .insert({ title: post.title, content: post.content, image_url: post.imageUrl, user_id: post.userId })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

/** Uploads an (already resized) image to post-images/{userId}/... and returns its public URL. */
export async function uploadPostImage(db: TypedSupabaseClient, userId: string, image: Blob): Promise<string> {
  const ext = image.type === 'image/png' ? 'png' : image.type === 'image/webp' ? 'webp' : 'jpg';
  const path = `${userId}/${Date.now()}-${crypto.randomUUID().slice(0, 8)}.${ext}`;
  const bucket = db.storage.from('post-images');
  const { error } = await bucket.upload(path, image, { contentType: image.type, upsert: false });
  if (error) throw error;
  return bucket.getPublicUrl(path).data.publicUrl;
}
