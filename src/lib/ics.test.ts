import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine, icsDateTime } from './ics';

const octets = (s: string) => new TextEncoder().encode(s).length;

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });
});

describe('icsDateTime', () => {
  it('writes UTC in the basic format without milliseconds', () => {
    expect(icsDateTime(new Date('2026-11-22T01:00:00.000Z'))).toBe('20261122T010000Z');
    // 09:30 in Taipei is 01:30 UTC.
    expect(icsDateTime(new Date('2026-11-22T09:30:00+08:00'))).toBe('20261122T013000Z');
  });
});

describe('foldLine', () => {
  it('leaves a short line alone', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('folds at 75 octets, continuations starting with a space', () => {
    const line = `DESCRIPTION:${'x'.repeat(200)}`;
    const parts = foldLine(line).split('\r\n');
    expect(parts.length).toBe(3);
    expect(octets(parts[0]!)).toBe(75);
    for (const part of parts.slice(1)) {
      expect(part.startsWith(' ')).toBe(true);
      expect(octets(part)).toBeLessThanOrEqual(75);
    }
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });

  it('never splits a multi-byte character', () => {
    const line = `SUMMARY:${'醫學會年會'.repeat(20)}`;
    const parts = foldLine(line).split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
    }
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });
});

describe('buildIcs', () => {
  const ics = buildIcs({
    uid: 'event-7@society.example.org',
    stamp: new Date('2026-10-01T00:00:00Z'),
    start: new Date('2026-11-22T01:00:00Z'),
    end: new Date('2026-11-23T09:00:00Z'),
    summary: 'Annual meeting; day 1, day 2',
    location: 'Room 301, NTUH',
    description: 'Line one\nLine two',
    url: 'https://society.example.org/en-us/event/detail/7',
  });

  it('is one VCALENDAR with one VEVENT, every line ended by CRLF', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('carries the event fields in UTC, escaped', () => {
    expect(ics.split('\r\n')).toEqual(
      expect.arrayContaining([
        'UID:event-7@society.example.org',
        'DTSTAMP:20261001T000000Z',
        'DTSTART:20261122T010000Z',
        'DTEND:20261123T090000Z',
        'SUMMARY:Annual meeting\\; day 1\\, day 2',
        'LOCATION:Room 301\\, NTUH',
        'DESCRIPTION:Line one\\nLine two',
        'URL:https://society.example.org/en-us/event/detail/7',
      ]),
    );
  });

  it('leaves out the optional fields it was not given', () => {
    const bare = buildIcs({
      uid: 'u@h',
      stamp: new Date(0),
      start: new Date(0),
      end: new Date(3_600_000),
      summary: 'x',
    });
    expect(bare).not.toMatch(/LOCATION|DESCRIPTION|URL/);
  });
});
