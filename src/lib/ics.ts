/**
 * iCalendar (RFC 5545) for one event: what a reader's calendar application imports from the
 * "Add to calendar" link. Pure: the caller gives plain text (no HTML) and absolute addresses.
 */

export interface IcsEvent {
  /** Globally unique and stable, e.g. `event-12@society.example.org`. */
  uid: string;
  /** When the event was last revised (DTSTAMP, as no METHOD is given). */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  /** Plain text; line breaks are kept. */
  description?: string;
  /** The event's page. */
  url?: string;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** A UTC date-time in the basic format: 20261122T010000Z. */
export function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line so no line exceeds 75 octets of UTF-8 (RFC 5545 §3.1): each continuation
 * starts with one space. A character is never split across lines.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = lines.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1; // continuation lines carry a space
    if (octets + size > limit) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** A whole VCALENDAR with one VEVENT, lines folded and ended with CRLF. */
export function buildIcs(event: IcsEvent, productId = '-//Society Portal//Events//EN'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
