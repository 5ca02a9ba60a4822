/** How long an excerpt cut from an article body may be: on a blog's list page, and on /blog (SPEC section 9). */
export const LIST_EXCERPT_LENGTH = 150;
export const OVERVIEW_EXCERPT_LENGTH = 120;

/**
 * Cuts plain text to at most `max` characters plus an ellipsis. It cuts at the last word boundary
 * when there is one in the last fifth, so a word is not chopped in half; text that fits is kept.
 */
export function truncateText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const hard = clean.slice(0, max);
  const space = hard.lastIndexOf(' ');
  const cut = space >= max * 0.8 ? hard.slice(0, space) : hard;
  return `${cut.replace(/[\s.,;:!?\-–—]+$/u, '')}…`;
}

/** The merchant's excerpt, or the start of the body when there is none. */
export function articleExcerpt(
  article: { excerpt: string | null; content: string },
  max: number = LIST_EXCERPT_LENGTH,
): string {
  const own = article.excerpt?.trim();
  return own ? own : truncateText(article.content, max);
}
