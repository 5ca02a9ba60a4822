import { describe, expect, it } from 'vitest';
import { type CalendarItem, canMove, moveFailure, statusOf } from './calendar-data.ts';

const item = (over: Partial<CalendarItem> = {}): CalendarItem => ({
  id: 'p',
  client_id: 'c',
  channel: 'LinkedIn',
  status: 'approved',
  scheduled_at: '2026-12-02T11:00:00Z',
  title: 'T',
  client: 'C',
  publishing: false,
  ...over,
});

describe('calendar cards', () => {
  it('a preview whose publishing began shows "publishing" and cannot be moved; a published one neither', () => {
    expect(statusOf(item({ publishing: true }))).toBe('publishing');
    expect(canMove(item({ publishing: true }))).toBe(false);
    expect(statusOf(item({ status: 'published', publishing: true }))).toBe('published');
    expect(canMove(item({ status: 'published' }))).toBe(false);
    expect(canMove(item({ status: 'pending' }))).toBe(true);
  });

  it('names why the database refused a move from its code', () => {
    expect(moveFailure({ code: '22023' })).toBe('past');
    expect(moveFailure({ code: 'PT409' })).toBe('locked');
    expect(moveFailure({ code: '42501' })).toBe('denied');
    expect(moveFailure({ code: 'PT410' })).toBe('gone');
    expect(moveFailure(new Error('network'))).toBe('other');
  });
});
