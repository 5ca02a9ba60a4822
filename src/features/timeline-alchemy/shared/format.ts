import { useMemo } from 'react';
import { bindMessages, type KeysWithPrefix, type Lookup, type TextsFor } from '~/i18n/bind.ts';
import { dateTimeFormat } from '~/i18n/intl.ts';
import { intlLocale, type Locale } from '~/i18n/locales.ts';
import type { Platform } from '../platforms.ts';

/** The browser's IANA time zone (the admin's or client's own). */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A date and time in a language, in a given time zone (the viewer's own by default). */
export function formatWhen(iso: string, lang: Locale, zone?: string): string {
  return dateTimeFormat(intlLocale[lang], {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(zone ? { timeZone: zone } : {}),
  }).format(new Date(iso));
}

/** The text prefixes every Timeline Alchemy island receives (page-props.ts). */
export type TaPrefix = 'app.' | 'ta.' | 'taw.' | 'tab.' | 'tai.' | 'error.';
/** The lookup over a Timeline Alchemy island's texts: a key outside them is a type error. */
export type T = Lookup<KeysWithPrefix<TaPrefix>>;

/** bindMessages() kept stable across renders, so effects that depend on it do not loop. */
export function useT(messages: TextsFor<TaPrefix>, lang: Locale): T {
  return useMemo(() => bindMessages(messages, lang), [messages, lang]);
}

/**
 * A platform's name for a person: the brands as they are, 'Blog Post' and 'Custom Post' (the
 * stored channel values) in the page's language.
 */
export function platformName(platform: Platform, t: T): string {
  if (platform === 'Blog Post') return t('ta.platform.blogPost');
  if (platform === 'Custom Post') return t('ta.platform.customPost');
  return platform;
}

/**
 * The UTC instant of a wall-clock date and time in an IANA zone ('2026-12-01', '09:30',
 * 'Europe/Amsterdam'), without a time-zone library: guess, measure the zone's offset, correct.
 */
export function zonedToUtc(date: string, time: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m || !t) return null;
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  const [h, mi] = t.slice(1).map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Date.UTC rolls 2026-13-01 over into 2027; a date that does not exist is refused instead.
  if (new Date(wall).toISOString().slice(0, 16) !== `${date}T${time}`) return null;
  const offset = (at: number) => {
    const part = wallClock(new Date(at), zone);
    const get = (type: Intl.DateTimeFormatPartTypes) => Number(part(type));
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - at;
  };
  let guess = wall - offset(wall);
  guess = wall - offset(guess);
  return new Date(guess);
}

/** The wall-clock date and time of an instant in a zone, for filling the inputs on edit. */
export function utcToZoned(iso: string, zone: string): { date: string; time: string } {
  const get = wallClock(new Date(iso), zone);
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** The wall clock in `zone` at `at`, by part (year, month, day, hour, minute; zero-padded). */
function wallClock(at: Date, zone: string): (type: Intl.DateTimeFormatPartTypes) => string {
  const parts = dateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  return (type) => parts.find((p) => p.type === type)?.value ?? '00';
}
