import { describe, expect, it } from 'vitest';
import { utcToZoned, zonedToUtc } from './format.ts';

describe('schedule in a time zone', () => {
  it('turns a wall-clock time in a zone into UTC, across daylight saving time', () => {
    expect(zonedToUtc('2026-12-01', '09:30', 'Europe/Amsterdam')?.toISOString()).toBe(
      '2026-12-01T08:30:00.000Z',
    );
    expect(zonedToUtc('2026-07-01', '09:30', 'Europe/Amsterdam')?.toISOString()).toBe(
      '2026-07-01T07:30:00.000Z',
    );
    expect(zonedToUtc('2026-07-01', '09:30', 'America/New_York')?.toISOString()).toBe(
      '2026-07-01T13:30:00.000Z',
    );
    expect(zonedToUtc('2026-13-01', '09:30', 'UTC')).toBeNull();
  });

  it('round-trips to the inputs on edit', () => {
    expect(utcToZoned('2026-12-01T08:30:00.000Z', 'Europe/Amsterdam')).toEqual({
      date: '2026-12-01',
      time: '09:30',
    });
    expect(utcToZoned('2026-07-01T13:30:00.000Z', 'America/New_York')).toEqual({
      date: '2026-07-01',
      time: '09:30',
    });
  });
});
