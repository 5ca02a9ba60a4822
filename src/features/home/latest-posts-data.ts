import { truncateText } from '~/features/blog/index.ts';

/** Home page: how many community posts, and how long their excerpts are (SPEC section 9). */
export const LATEST_POSTS_COUNT = 6;
export const POST_EXCERPT_LENGTH = 200;

export type PostRow = {
  id: string | number;
  title: string | null;
  content: string | null;
  created_at: string;
  user_id: string;
};
export type ProfileRow = { user_id: string; display_name: string | null };

export type PostCard = {
  id: string;
  title: string;
  excerpt: string;
  author: string | null;
  createdAt: string;
};

/**
 * Turns posts and the profiles the reader may see into cards. Members' text stays plain text:
 * the element that renders these sets textContent only, never HTML.
 */
export function toPostCards(
  posts: readonly PostRow[],
  profiles: readonly ProfileRow[],
  untitled: string,
): PostCard[] {
  const names = new Map(profiles.map((p) => [p.user_id, p.display_name?.trim() || null]));
  return posts.slice(0, LATEST_POSTS_COUNT).map((p) => ({
    id: String(p.id),
    title: p.title?.trim() || untitled,
    excerpt: truncateText(p.content ?? '', POST_EXCERPT_LENGTH),
    author: names.get(p.user_id) ?? null,
    createdAt: p.created_at,
  }));
}
