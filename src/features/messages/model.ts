/** Pure pieces of the messages feature: thread merging, day grouping, times, error mapping. */
import type { KeysWithPrefix } from '~/i18n/bind.ts';
import { dateTimeFormat, relativeTimeFormat } from '~/i18n/intl.ts';

export const MAX_LENGTH = 5000;
/** The counter appears this close to the limit. */
export const COUNTER_FROM = MAX_LENGTH - 500;

export type MessageRow = {
  id: string;
  sender_id: string;
  receiver_id: string;
  content: string;
  created_at: string;
  read: boolean;
  read_at: string | null;
  deleted_at: string | null;
};
/** A message as the thread shows it: server rows plus the sender's optimistic copies. */
/** `refused`: the database said no for good (friends only): no Retry is offered. */
export type ThreadMessage = MessageRow & { status?: 'sending' | 'failed' | 'refused' };

const byTime = (a: MessageRow, b: MessageRow) =>
  a.created_at === b.created_at
    ? a.id < b.id
      ? -1
      : a.id > b.id
        ? 1
        : 0
    : a.created_at < b.created_at
      ? -1
      : 1;

/**
 * Merges rows into a thread, oldest first, one entry per id: a server row replaces an optimistic
 * copy with the same id, so a message arriving both as the insert's answer and live shows once.
 */
export function mergeMessages(current: ThreadMessage[], incoming: ThreadMessage[]): ThreadMessage[] {
  const map = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) {
    const old = map.get(m.id);
    // A pending copy must not overwrite a row the server already confirmed.
    if (old && !old.status && m.status) continue;
    map.set(m.id, m);
  }
  return [...map.values()].sort(byTime);
}

/** Local calendar day of a timestamp, for day separators. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** "today", "yesterday" or a full locale date, for a day separator. */
export function dayLabel(iso: string, intl: string, now = new Date()): string {
  const d = new Date(iso);
  const days = Math.round(
    (new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() -
      new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()) /
      86_400_000,
  );
  if (days === 0 || days === 1) {
    const text = relativeTimeFormat(intl, { numeric: 'auto' }).format(-days, 'day');
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return dateTimeFormat(intl, { dateStyle: 'full' }).format(d);
}

/**
 * The list's time: relative today ("5 min. ago"), a short locale date before. Within the
 * current minute `justNow` ("just now", "zojuist", "gerade eben"): Intl's own wording for
 * zero minutes ("binnen een minuut", "this minute") reads as the future or as a clock.
 */
export function listTime(iso: string, intl: string, justNow: string, now = new Date()): string {
  const d = new Date(iso);
  if (dayKey(iso) !== dayKey(now.toISOString())) {
    return dateTimeFormat(intl, { dateStyle: 'short' }).format(d);
  }
  const minutes = Math.round((d.getTime() - now.getTime()) / 60_000);
  if (minutes >= 0) return justNow;
  const rtf = relativeTimeFormat(intl, { numeric: 'auto', style: 'short' });
  return minutes > -60 ? rtf.format(minutes, 'minute') : rtf.format(Math.round(minutes / 60), 'hour');
}

/** The time of one message in the thread. */
export function clockTime(iso: string, intl: string): string {
  return dateTimeFormat(intl, { timeStyle: 'short' }).format(new Date(iso));
}

/** Whether sending again could succeed: not when the receiver refuses, is gone or is me. */
export function sendRetryable(key: KeysWithPrefix<'messages.error.'>): boolean {
  return key === 'messages.error.send' || key === 'messages.error.rateLimited';
}

/** The translated text key for a failed send, from the database's error message. */
export function sendErrorKey(
  error: { message?: string } | null | undefined,
): KeysWithPrefix<'messages.error.'> {
  switch (error?.message) {
    case 'messages_friends_only':
      return 'messages.error.friendsOnly';
    case 'messages_unavailable':
      return 'messages.error.unavailable';
    case 'messages_rate_limited':
      return 'messages.error.rateLimited';
    case 'messages_self':
      return 'messages.error.self';
    default:
      return 'messages.error.send';
  }
}

/** The realtime topic of a conversation: both ids, ascending, so both sides name it alike. */
export function dmTopic(a: string, b: string): string {
  return a < b ? `dm:${a}:${b}` : `dm:${b}:${a}`;
}

/** The id of my newest message the other person has read (shown as "read" under it). */
export function lastReadId(thread: ThreadMessage[], me: string): string | undefined {
  for (let i = thread.length - 1; i >= 0; i--) {
    const m = thread[i];
    if (m && m.sender_id === me && m.read) return m.id;
  }
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string | undefined): value is string => !!value && UUID.test(value);
