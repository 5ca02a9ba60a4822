import { describe, expect, it } from 'vitest';
import {
  addMonths,
  isDay,
  monthDays,
  rangeOf,
  sameTimeOn,
  shift,
  startOfWeek,
  today,
  weekDays,
} from './dates.ts';

describe('calendar days', () => {
  it('weeks start on Monday in nl and de, on Sunday in en', () => {
    // 2026-12-03 is a Thursday.
    expect(startOfWeek('2026-12-03', 'nl')).toBe('2026-11-30');
    expect(startOfWeek('2026-12-03', 'de')).toBe('2026-11-30');
    expect(startOfWeek('2026-12-03', 'en')).toBe('2026-11-29');
    expect(weekDays('2026-12-03', 'nl')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });

  it('a month view covers whole weeks from the first to the last day of the month', () => {
    const days = monthDays('2026-02-14', 'nl');
    expect(days[0]).toBe('2026-01-26');
    expect(days.at(-1)).toBe('2026-03-01');
    expect(days.length % 7).toBe(0);
    expect(days).toContain('2026-02-28');
  });

  it('previous and next move by a month (from any day, also the 31st) or a week', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-01');
    expect(shift('month', '2026-12-15', 1)).toBe('2027-01-01');
    expect(shift('week', '2026-12-29', 1)).toBe('2027-01-05');
    expect(shift('list', '2026-03-10', -1)).toBe('2026-02-01');
  });

  it('ranges and drops are in the viewer’s zone, across a daylight-saving change', () => {
    expect(rangeOf(['2026-03-28', '2026-03-29'], 'Europe/Amsterdam')).toEqual({
      from: '2026-03-27T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
    });
    // 09:30 in Amsterdam on 2026-03-27 (CET), dropped on 2026-03-30 (CEST): still 09:30 there.
    expect(sameTimeOn('2026-03-27T08:30:00.000Z', '2026-03-30', 'Europe/Amsterdam')?.toISOString()).toBe(
      '2026-03-30T07:30:00.000Z',
    );
    expect(today('Pacific/Auckland', new Date('2026-06-30T13:00:00Z'))).toBe('2026-07-01');
  });

  it('accepts only real days from the address', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});
