import { dateTimeFormat } from '~/i18n/intl.ts';
import { intlLocale, type Locale } from '~/i18n/locales.ts';
import { utcToZoned, zonedToUtc } from '../shared/format.ts';

/**
 * Calendar arithmetic on days written 'YYYY-MM-DD' (a wall-clock date in the viewer's zone), so
 * months and weeks never drift with daylight saving. Pure, unit-tested.
 */

export type View = 'month' | 'week' | 'list';
export const VIEWS: readonly View[] = ['month', 'week', 'list'];

const DAY = 86_400_000;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && fromUtc(toUtc(value)) === value;

const addDays = (day: string, n: number) => fromUtc(toUtc(day) + n * DAY);

export function addMonths(day: string, n: number): string {
  const d = new Date(toUtc(day));
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
  return fromUtc(first);
}

/** Monday starts the week in nl and de; Sunday in en (en-US). */
const WEEK_START: Record<Locale, 0 | 1> = { nl: 1, en: 0, de: 1 };
const weekStartsOn = (lang: Locale) => WEEK_START[lang];

export function startOfWeek(day: string, lang: Locale): string {
  const weekday = new Date(toUtc(day)).getUTCDay();
  return addDays(day, -((weekday - weekStartsOn(lang) + 7) % 7));
}

/** The 7 days of the week holding `day`. */
export const weekDays = (day: string, lang: Locale) =>
  Array.from({ length: 7 }, (_, i) => addDays(startOfWeek(day, lang), i));

/** Whole weeks covering the month of `day` (4 to 6 rows of 7 days). */
export function monthDays(day: string, lang: Locale): string[] {
  const first = `${day.slice(0, 7)}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const start = startOfWeek(first, lang);
  const end = addDays(startOfWeek(last, lang), 6);
  const count = (toUtc(end) - toUtc(start)) / DAY + 1;
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/** The days a view shows around `anchor` (the list shows the month, as the month view). */
export const daysOf = (view: View, anchor: string, lang: Locale) =>
  view === 'week' ? weekDays(anchor, lang) : monthDays(anchor, lang);

/** Where previous/next go from `anchor` in a view. */
export const shift = (view: View, anchor: string, direction: -1 | 1) =>
  view === 'week' ? addDays(anchor, 7 * direction) : addMonths(anchor, direction);

/** The instants [from, to) a list of days covers in a zone, for the query. */
export function rangeOf(days: string[], zone: string): { from: string; to: string } {
  const from = zonedToUtc(days[0] ?? '1970-01-01', '00:00', zone) ?? new Date(0);
  const to = zonedToUtc(addDays(days.at(-1) ?? '1970-01-01', 1), '00:00', zone) ?? new Date(0);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The wall-clock day and time of an instant in a zone. */
export const dayOf = (iso: string, zone: string) => utcToZoned(iso, zone).date;
const timeOf = (iso: string, zone: string) => utcToZoned(iso, zone).time;

/** The same wall-clock time on another day (a drop on a day keeps the time of day). */
export function sameTimeOn(iso: string, day: string, zone: string): Date | null {
  return zonedToUtc(day, timeOf(iso, zone), zone);
}

/** Today in a zone. */
export const today = (zone: string, now = new Date()) => utcToZoned(now.toISOString(), zone).date;

/*
 * The week view's hour slots: a slot is a day and a wall-clock minute of that day in the viewer's
 * zone. Across a daylight-saving change the wall clock is not the instant: on 29 March 2026 in
 * Europe 02:00-03:00 does not exist, on 25 October 2026 it happens twice.
 */

/** Drops and arrow keys snap to this many minutes. */
export const SNAP_MINUTES = 15;
const MINUTE = 60_000;

/** The day and the wall-clock minute of the day (0-1439) of an instant in a zone. */
export function slotOf(iso: string, zone: string): { day: string; minute: number } {
  const { date, time } = utcToZoned(iso, zone);
  return { day: date, minute: Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) };
}

/** How far the zone's wall clock is ahead of UTC at an instant (ms). */
const offsetAt = (at: number, zone: string) => {
  const { day, minute } = slotOf(new Date(at).toISOString(), zone);
  return toUtc(day) + minute * MINUTE - Math.floor(at / MINUTE) * MINUTE;
};

/**
 * The instant of a wall-clock minute on a day in a zone, as RFC 5545 reads local times: a time
 * that happens twice (the clock goes back) is its first occurrence; a time the clock skips (it
 * goes forward) is read with the offset before the change, so 02:30 becomes 03:30.
 */
export function slotInstant(day: string, minute: number, zone: string): Date {
  const wall = toUtc(day) + minute * MINUTE;
  // The offsets half a day either side hold both sides of any change near this time.
  const before = offsetAt(wall - DAY / 2, zone);
  const after = offsetAt(wall + DAY / 2, zone);
  const fits = [wall - before, wall - after]
    .filter((at) => {
      const slot = slotOf(new Date(at).toISOString(), zone);
      return slot.day === day && slot.minute === minute;
    })
    .sort((a, b) => a - b);
  return new Date(fits[0] ?? wall - before);
}

/** Rounds a minute of the day to the nearest snap, kept within the day. */
export const snapMinute = (minute: number, step = SNAP_MINUTES) =>
  Math.min(Math.max(Math.round(minute / step) * step, 0), DAY / MINUTE - step);

/**
 * A day's clock change in a zone: the wall-clock minute it happens at and by how many minutes
 * the clock jumps (+60 forward: that hour is skipped; -60 back: that hour happens twice), or null.
 */
export function clockChange(day: string, zone: string): { minute: number; by: number } | null {
  const start = slotInstant(day, 0, zone).getTime();
  const end = slotInstant(addDays(day, 1), 0, zone).getTime();
  const by = (DAY - (end - start)) / MINUTE;
  if (by === 0) return null;
  // The change is where an hour's instant stops being an hour after the previous one's.
  for (let hour = 1; hour < 24; hour++) {
    const at = slotInstant(day, hour * 60, zone).getTime();
    if (at - start !== hour * 60 * MINUTE) return { minute: (hour - 1) * 60, by };
  }
  return { minute: 0, by };
}

/** A slot moved by a number of minutes and days (the arrow keys), kept on the day's grid. */
export function stepSlot(slot: { day: string; minute: number }, minutes: number, days: number) {
  const total = slot.minute + minutes;
  const spill = Math.floor(total / (DAY / MINUTE));
  return { day: addDays(slot.day, days + spill), minute: total - spill * (DAY / MINUTE) };
}

/** A wall-clock minute of the day in a language, as formatWhen writes times: 14:30 in nl and de, 2:30 PM in en. */
export const clockOf = (minute: number, lang: Locale) =>
  dateTimeFormat(intlLocale[lang], { timeStyle: 'short', timeZone: 'UTC' }).format(
    Date.UTC(2026, 0, 1, 0, minute),
  );
