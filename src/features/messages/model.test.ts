import { describe, expect, it } from 'vitest';
import {
  dayLabel,
  dmTopic,
  lastReadId,
  listTime,
  mergeMessages,
  sendErrorKey,
  sendRetryable,
  type ThreadMessage,
} from './model.ts';

const msg = (id: string, at: string, extra: Partial<ThreadMessage> = {}): ThreadMessage => ({
  id,
  sender_id: 'a',
  receiver_id: 'b',
  content: id,
  created_at: at,
  read: false,
  read_at: null,
  deleted_at: null,
  ...extra,
});

describe('mergeMessages', () => {
  it('keeps one entry per id, oldest first, ties by id', () => {
    const merged = mergeMessages(
      [msg('b', '2026-01-01T10:00:00Z'), msg('c', '2026-01-01T09:00:00Z')],
      [msg('a', '2026-01-01T10:00:00Z'), msg('b', '2026-01-01T10:00:00Z', { content: 'server' })],
    );
    expect(merged.map((m) => `${m.id}:${m.content}`)).toEqual(['c:c', 'a:a', 'b:server']);
  });
  it('lets the server row replace an optimistic copy, never the other way round', () => {
    const pending = msg('x', '2026-01-01T10:00:00Z', { status: 'sending' });
    const server = msg('x', '2026-01-01T10:00:01Z');
    expect(mergeMessages([pending], [server])[0]?.status).toBeUndefined();
    expect(mergeMessages([server], [pending])[0]?.status).toBeUndefined();
  });
});

describe('texts and times', () => {
  it('maps database refusals to translated keys', () => {
    expect(sendErrorKey({ message: 'messages_friends_only' })).toBe('messages.error.friendsOnly');
    expect(sendErrorKey({ message: 'messages_rate_limited' })).toBe('messages.error.rateLimited');
    // A block and a missing member are one answer, so the text cannot reveal a block.
    expect(sendErrorKey({ message: 'messages_unavailable' })).toBe('messages.error.unavailable');
    expect(sendErrorKey({ message: 'TypeError: Failed to fetch' })).toBe('messages.error.send');
  });
  it('offers Retry only where sending again could succeed', () => {
    expect(sendRetryable('messages.error.send')).toBe(true);
    expect(sendRetryable('messages.error.rateLimited')).toBe(true);
    expect(sendRetryable('messages.error.friendsOnly')).toBe(false);
    expect(sendRetryable('messages.error.unavailable')).toBe(false);
    expect(sendRetryable('messages.error.self')).toBe(false);
  });
  it('labels today, yesterday and older days in the locale', () => {
    const now = new Date('2026-03-10T12:00:00');
    expect(dayLabel(new Date('2026-03-10T08:00:00').toISOString(), 'en-US', now)).toBe('Today');
    expect(dayLabel(new Date('2026-03-09T08:00:00').toISOString(), 'nl-NL', now)).toBe('Gisteren');
    expect(dayLabel(new Date('2026-03-01T08:00:00').toISOString(), 'de-DE', now)).toBe(
      'Sonntag, 1. März 2026',
    );
    expect(listTime(new Date('2026-03-01T08:00:00').toISOString(), 'nl-NL', 'zojuist', now)).toBe(
      '01-03-2026',
    );
  });
  it('says "just now" for a message of this minute, not Intl\'s future-sounding "binnen een minuut"', () => {
    const now = new Date('2026-03-10T12:00:00');
    const at = (s: string) => new Date(s).toISOString();
    expect(listTime(at('2026-03-10T11:59:50'), 'nl-NL', 'zojuist', now)).toBe('zojuist');
    expect(listTime(at('2026-03-10T12:00:10'), 'de-DE', 'gerade eben', now)).toBe('gerade eben');
    expect(listTime(at('2026-03-10T11:55:00'), 'nl-NL', 'zojuist', now)).toBe('5 min. geleden');
    expect(listTime(at('2026-03-10T10:00:00'), 'en-US', 'just now', now)).toBe('2 hr. ago');
  });
  it('names the conversation topic the same from both sides', () => {
    expect(dmTopic('b', 'a')).toBe('dm:a:b');
    expect(dmTopic('a', 'b')).toBe('dm:a:b');
  });
  it('finds my newest read message', () => {
    const t = [msg('1', '1', { read: true }), msg('2', '2', { read: true }), msg('3', '3')];
    expect(lastReadId(t, 'a')).toBe('2');
    expect(lastReadId(t, 'b')).toBeUndefined();
  });
});
