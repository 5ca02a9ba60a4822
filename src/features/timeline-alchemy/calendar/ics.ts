/**
 * iCalendar (RFC 5545) text for a client's schedule: one VEVENT per scheduled preview, times in
 * UTC, lines ended by CRLF and folded at 75 octets, TEXT values escaped. Pure, so it is unit-tested.
 */

export type IcsEvent = {
  /** Globally unique and stable across revisions (the preview id at the site's host). */
  uid: string;
  start: Date;
  minutes: number;
  summary: string;
  description?: string;
  url?: string;
  /** Incremented when the event changes (the preview's revision). */
  sequence: number;
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  categories?: string[];
};

export type IcsCalendar = { name: string; stamp: Date; events: IcsEvent[] };

/** A UTC DATE-TIME: 20261201T093000Z. */
export function icsDate(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A TEXT value: backslash, semicolon and comma escaped, line breaks as \n (RFC 5545 3.3.11). */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (never inside a UTF-8 character): CRLF and one space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: IcsEvent, stamp: Date): string[] {
  const end = new Date(event.start.getTime() + event.minutes * 60_000);
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsDate(stamp)}`,
    `DTSTART:${icsDate(event.start)}`,
    `DTEND:${icsDate(end)}`,
    `SEQUENCE:${event.sequence}`,
    `SUMMARY:${icsText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.categories?.length ? [`CATEGORIES:${event.categories.map(icsText).join(',')}`] : []),
    `STATUS:${event.status}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The whole VCALENDAR object, CRLF line ends, folded. */
export function renderIcs(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Chosen Ones//Timeline Alchemy//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(calendar.name)}`,
    ...calendar.events.flatMap((event) => eventLines(event, calendar.stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
