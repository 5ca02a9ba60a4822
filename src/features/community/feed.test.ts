import { describe, expect, it } from 'vitest';
import { pairStatus } from '~/features/friends/index.ts';
import { olderThan, toFeedPost } from './feed-data.ts';

describe('feed keyset and rows', () => {
  it('asks for rows strictly older than the cursor, breaking created_at ties on id', () => {
    expect(olderThan({ createdAt: '2026-03-01T10:00:00+00:00', id: 'abc' })).toBe(
      'created_at.lt."2026-03-01T10:00:00+00:00",and(created_at.eq."2026-03-01T10:00:00+00:00",id.lt.abc)',
    );
  });
  it('marks a post hidden after reports, whether PostgREST embeds the mark as an object or a list', () => {
    const row = {
      id: 'p',
      title: 'T',
      content: 'C',
      image_url: null,
      created_at: 'x',
      user_id: 'u',
      author: null,
      likes: [],
      comments: [],
      mine: [],
    };
    const hidden = (mark: { id: string } | { id: string }[] | null) =>
      toFeedPost({ ...row, hidden_content: mark }, 'U').hidden;
    expect(hidden({ id: 'h' })).toBe(true);
    expect(hidden([{ id: 'h' }])).toBe(true);
    expect(hidden([])).toBe(false);
    expect(hidden(null)).toBe(false);
  });
  it('reads counts, my like and a missing author name', () => {
    const post = toFeedPost(
      {
        id: 'p',
        title: 'T',
        content: 'C',
        image_url: null,
        created_at: 'x',
        user_id: 'u',
        author: null,
        likes: [{ count: 3 }],
        comments: [{ count: 2 }],
        mine: [{ user_id: 'me' }],
        hidden_content: null,
      },
      'Unknown User',
    );
    expect(post).toMatchObject({
      authorName: 'Unknown User',
      likeCount: 3,
      commentCount: 2,
      likedByMe: true,
    });
  });
});

describe('friendship status of a pair', () => {
  const f = (status: 'pending' | 'accepted', direction: 'incoming' | 'outgoing') => [
    { id: '1', otherId: 'o', otherName: 'O', otherAvatar: null, status, direction },
  ];
  it('says self, none, outgoing, incoming or friends', () => {
    expect(pairStatus('me', 'me', [])).toBe('self');
    expect(pairStatus('me', 'o', [])).toBe('none');
    expect(pairStatus('me', 'o', f('pending', 'outgoing'))).toBe('outgoing');
    expect(pairStatus('me', 'o', f('pending', 'incoming'))).toBe('incoming');
    expect(pairStatus('me', 'o', f('accepted', 'incoming'))).toBe('friends');
  });
});
