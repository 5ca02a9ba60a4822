import type { Locale } from '~/i18n/locales.ts';
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
export const timeOf = (iso: string, zone: string) => utcToZoned(iso, zone).time;

/** The same wall-clock time on another day (a drop on a day keeps the time of day). */
export function sameTimeOn(iso: string, day: string, zone: string): Date | null {
  return zonedToUtc(day, timeOf(iso, zone), zone);
}

/** Today in a zone. */
export const today = (zone: string, now = new Date()) => utcToZoned(now.toISOString(), zone).date;
