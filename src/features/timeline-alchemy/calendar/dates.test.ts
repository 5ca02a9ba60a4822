import { describe, expect, it } from 'vitest';
import {
  addMonths,
  clockChange,
  isDay,
  monthDays,
  rangeOf,
  sameTimeOn,
  shift,
  slotInstant,
  slotOf,
  snapMinute,
  startOfWeek,
  stepSlot,
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

  it('a slot is a wall-clock minute of a day, to and from the instant, in the viewer’s zone', () => {
    expect(slotOf('2026-12-01T08:30:00.000Z', 'Europe/Amsterdam')).toEqual({
      day: '2026-12-01',
      minute: 570,
    });
    expect(slotOf('2026-12-01T23:45:00.000Z', 'Europe/Amsterdam')).toEqual({ day: '2026-12-02', minute: 45 });
    expect(slotInstant('2026-12-01', 570, 'Europe/Amsterdam').toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(slotInstant('2026-12-01', 0, 'America/New_York').toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(slotInstant('2026-12-01', 1425, 'UTC').toISOString()).toBe('2026-12-01T23:45:00.000Z');
  });

  it('slots across the spring change (29 March 2026): the skipped hour reads as the hour after', () => {
    const zone = 'Europe/Amsterdam';
    expect(slotInstant('2026-03-29', 60, zone).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(slotInstant('2026-03-29', 180, zone).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 02:30 does not exist: RFC 5545 reads it with the offset before the change, 03:30 summer time.
    expect(slotInstant('2026-03-29', 150, zone).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(slotInstant('2026-03-29', 600, zone).toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(slotOf('2026-03-29T08:00:00.000Z', zone)).toEqual({ day: '2026-03-29', minute: 600 });
    expect(slotOf('2026-03-28T09:00:00.000Z', zone)).toEqual({ day: '2026-03-28', minute: 600 });
    expect(clockChange('2026-03-29', zone)).toEqual({ minute: 120, by: 60 });
    expect(clockChange('2026-03-28', zone)).toBeNull();
    expect(clockChange('2026-03-30', zone)).toBeNull();
  });

  it('slots across the autumn change (25 October 2026): the repeated hour is its first occurrence', () => {
    const zone = 'Europe/Berlin';
    expect(slotInstant('2026-10-25', 150, zone).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(slotOf('2026-10-25T00:30:00.000Z', zone)).toEqual({ day: '2026-10-25', minute: 150 });
    expect(slotOf('2026-10-25T01:30:00.000Z', zone)).toEqual({ day: '2026-10-25', minute: 150 });
    expect(slotInstant('2026-10-25', 180, zone).toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(slotInstant('2026-10-25', 900, zone).toISOString()).toBe('2026-10-25T14:00:00.000Z');
    expect(slotInstant('2026-10-24', 900, zone).toISOString()).toBe('2026-10-24T13:00:00.000Z');
    expect(clockChange('2026-10-25', zone)).toEqual({ minute: 120, by: -60 });
    // New York changes on other days: none in Europe's week.
    expect(clockChange('2026-10-25', 'America/New_York')).toBeNull();
    expect(clockChange('2026-11-01', 'America/New_York')).toEqual({ minute: 60, by: -60 });
  });

  it('drops snap to the nearest quarter within the day; arrow keys step across midnight', () => {
    expect(snapMinute(607)).toBe(600);
    expect(snapMinute(608)).toBe(615);
    expect(snapMinute(-20)).toBe(0);
    expect(snapMinute(1439)).toBe(1425);
    expect(snapMinute(620, 30)).toBe(630);
    expect(stepSlot({ day: '2026-12-31', minute: 1425 }, 15, 0)).toEqual({ day: '2027-01-01', minute: 0 });
    expect(stepSlot({ day: '2026-03-01', minute: 0 }, -15, 0)).toEqual({ day: '2026-02-28', minute: 1425 });
    expect(stepSlot({ day: '2026-03-29', minute: 600 }, 0, -1)).toEqual({ day: '2026-03-28', minute: 600 });
  });
});
