import { describe, expect, it } from 'vitest';
import { pairStatus } from '~/features/friends/index.ts';
import { type FeedComment, olderThan, toFeedPost } from './feed-data.ts';
import { mergeComments, removeComment } from './feed-live.ts';

const comment = (id: string, postId: string, createdAt: string): FeedComment => ({
  id,
  postId,
  userId: 'u',
  content: id,
  createdAt,
  authorName: 'A',
  authorAvatar: null,
});

describe('feed keyset and rows', () => {
  it('asks for rows strictly older than the cursor, breaking created_at ties on id', () => {
    expect(olderThan({ createdAt: '2026-03-01T10:00:00+00:00', id: 'abc' })).toBe(
      'created_at.lt."2026-03-01T10:00:00+00:00",and(created_at.eq."2026-03-01T10:00:00+00:00",id.lt.abc)',
    );
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

describe('live comment lists', () => {
  it('adds a comment once, oldest first, whatever order events arrive in', () => {
    const lists = mergeComments({}, [comment('b', 'p', '2026-01-02'), comment('a', 'p', '2026-01-01')]);
    const again = mergeComments(lists, [comment('a', 'p', '2026-01-01')]);
    expect(again['p']?.map((c) => c.id)).toEqual(['a', 'b']);
  });
  it('removes a comment by id and returns the same object when it was not shown', () => {
    const lists = mergeComments({}, [comment('a', 'p', '2026-01-01')]);
    expect(removeComment(lists, 'a')['p']).toEqual([]);
    expect(removeComment(lists, 'zzz')).toBe(lists);
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
