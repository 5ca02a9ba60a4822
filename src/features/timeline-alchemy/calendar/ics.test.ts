import { describe, expect, it } from 'vitest';
import { foldLine, icsDate, icsText, renderIcs } from './ics.ts';

const octets = (s: string) => new TextEncoder().encode(s).length;

/** Unfolds as a calendar app does (RFC 5545 3.1): CRLF followed by one space or tab is removed. */
const unfold = (s: string) => s.replace(/\r\n[ \t]/g, '');

describe('iCalendar text', () => {
  it('writes UTC date-times without separators', () => {
    expect(icsDate(new Date('2026-12-01T09:30:05.123Z'))).toBe('20261201T093005Z');
  });

  it('escapes backslash, semicolon, comma and line breaks in TEXT', () => {
    expect(icsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character, and unfolds to the original', () => {
    const line = `SUMMARY:${'é'.repeat(50)}${'x'.repeat(100)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((p) => p.startsWith(' ')),
    ).toBe(true);
    expect(unfold(folded)).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('renders a VCALENDAR with UID, DTSTAMP, DTSTART in UTC and SUMMARY per event, CRLF line ends', () => {
    const text = renderIcs({
      name: 'Plan, mine',
      stamp: new Date('2026-11-27T08:00:00Z'),
      events: [
        {
          uid: 'p1@example.com',
          start: new Date('2026-12-01T09:30:00Z'),
          minutes: 30,
          summary: 'Launch; day, one',
          sequence: 2,
          status: 'CONFIRMED',
          categories: ['LinkedIn', 'X (Twitter)'],
        },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(text).split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true);
    expect(lines).toContain('X-WR-CALNAME:Plan\\, mine');
    expect(lines).toContain('UID:p1@example.com');
    expect(lines).toContain('DTSTAMP:20261127T080000Z');
    expect(lines).toContain('DTSTART:20261201T093000Z');
    expect(lines).toContain('DTEND:20261201T100000Z');
    expect(lines).toContain('SUMMARY:Launch\\; day\\, one');
    expect(lines).toContain('SEQUENCE:2');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines.indexOf('BEGIN:VEVENT')).toBeLessThan(lines.indexOf('END:VEVENT'));
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });
});
