/** The platforms a preview can target, in the order the wizard lists them (SPEC.md 2). */
export const PLATFORMS = [
  'Facebook',
  'Instagram',
  'X (Twitter)',
  'LinkedIn',
  'Blog Post',
  'Custom Post',
] as const;
export type Platform = (typeof PLATFORMS)[number];

const isPlatform = (value: unknown): value is Platform =>
  typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);

/** Maximum length per platform, as each platform counts it (X: twitter-text weighted length). */
const LIMITS: Record<Platform, number> = {
  Facebook: 63_206,
  Instagram: 2_200,
  'X (Twitter)': 280,
  LinkedIn: 3_000,
  'Blog Post': 10_000,
  'Custom Post': 10_000,
};

/** Where the feed folds the text behind "see more" (characters shown before the cut). */
export const FOLD: Partial<Record<Platform, number>> = { Instagram: 125, LinkedIn: 210 };

/** Instagram accepts at most five hashtags per post (since December 2025). */
export const INSTAGRAM_MAX_HASHTAGS = 5;

/** The column of blog_posts holding a platform's ready-made text. */
export const BLOG_POST_FIELD: Partial<Record<Platform, 'facebook' | 'instagram' | 'x' | 'linkedin'>> = {
  Facebook: 'facebook',
  Instagram: 'instagram',
  'X (Twitter)': 'x',
  LinkedIn: 'linkedin',
};

const HASHTAG = /(?:^|[^\p{L}\p{N}_&#])#([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/gu;

/** Hashtags in a text the way Instagram sees them: '#' then a word with at least one letter. */
export function countHashtags(text: string): number {
  return [...text.matchAll(HASHTAG)].length;
}

/** Length in code points, so an emoji counts once as the people typing it expect. */
function plainLength(text: string): number {
  return [...text].length;
}

export type TextCheck =
  | { ok: true; count: number; max: number }
  | { ok: false; count: number; max: number; reason: 'empty' }
  | { ok: false; count: number; max: number; reason: 'tooLong'; over: number }
  | { ok: false; count: number; max: number; reason: 'tooManyHashtags'; hashtags: number };

/**
 * Checks one platform's text. `weighted` is twitter-text's weighted length for X (loaded with the
 * editor); without it X falls back to code points, which never under-counts below the real rule
 * for plain text but is only a placeholder until the library has loaded.
 */
export function checkText(platform: Platform, text: string, weighted?: (text: string) => number): TextCheck {
  const max = LIMITS[platform];
  const count = platform === 'X (Twitter)' && weighted ? weighted(text) : plainLength(text);
  if (text.trim() === '') return { ok: false, count, max, reason: 'empty' };
  if (count > max) return { ok: false, count, max, reason: 'tooLong', over: count - max };
  if (platform === 'Instagram') {
    const hashtags = countHashtags(text);
    if (hashtags > INSTAGRAM_MAX_HASHTAGS) {
      return { ok: false, count, max: INSTAGRAM_MAX_HASHTAGS, reason: 'tooManyHashtags', hashtags };
    }
  }
  return { ok: true, count, max };
}

/** Splits a text at the platform's fold: what the feed shows, and what hides behind "see more". */
export function foldText(platform: Platform, text: string): { shown: string; hidden: string } {
  const at = FOLD[platform];
  const chars = [...text];
  if (at === undefined || chars.length <= at) return { shown: text, hidden: '' };
  return { shown: chars.slice(0, at).join(''), hidden: chars.slice(at).join('') };
}

/** Parses the stored "Facebook, LinkedIn" channel string into known platforms. */
export function parseChannel(channel: string | null | undefined): Platform[] {
  return (channel ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(isPlatform);
}

/** Cuts a text to `max` characters plus an ellipsis, for cards. */
export function cut(text: string, max = 200): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}
