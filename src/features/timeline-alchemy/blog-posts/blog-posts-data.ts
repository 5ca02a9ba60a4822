import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { type BlogPost, must } from '../data.ts';
import { imageName } from './image-name.ts';

/**
 * Stores an image for a blog post in the `blog_images` bucket and points the post at it; the
 * updated post. Throws the storage or database error (for errorText()).
 */
export async function uploadBlogImage(
  db: TypedSupabaseClient,
  post: BlogPost,
  file: File,
): Promise<BlogPost> {
  const path = imageName(file);
  const { error } = await db.storage
    .from('blog_images')
    .upload(path, file, { cacheControl: '3600', upsert: false });
  if (error) throw error;
  const url = db.storage.from('blog_images').getPublicUrl(path).data.publicUrl;
  await must(db.from('blog_posts').update({ image_url: url, image_public_url: url }).eq('id', post.id));
  return { ...post, image_url: url, image_public_url: url };
}
