import { describe, expect, it } from 'vitest';
import { POST_EXCERPT_LENGTH, toPostCards } from './latest-posts-data.ts';

describe('toPostCards', () => {
  const long = 'Stilte is geen leegte. '.repeat(20);
  const posts = Array.from({ length: 8 }, (_, i) => ({
    id: i,
    title: i === 1 ? '  ' : `Post ${i}`,
    content: i === 0 ? long : 'Kort.',
    created_at: '2026-11-20T09:00:00Z',
    user_id: i % 2 ? 'u1' : 'u0',
  }));

  it('keeps six posts, cuts excerpts at 200 characters plus an ellipsis, names authors', () => {
    const cards = toPostCards(posts, [{ user_id: 'u0', display_name: 'Miriam' }], 'Untitled');
    expect(cards).toHaveLength(6);
    expect(cards[0]?.excerpt.endsWith('…')).toBe(true);
    expect(cards[0]?.excerpt.length).toBeLessThanOrEqual(POST_EXCERPT_LENGTH + 1);
    expect(cards[2]?.excerpt).toBe('Kort.');
    expect(cards[0]?.author).toBe('Miriam');
    expect(cards[1]?.author).toBeNull();
    expect(cards[1]?.title).toBe('Untitled');
    expect(cards[0]?.id).toBe('0');
  });
});
