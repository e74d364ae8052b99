import { describe, expect, it } from 'vitest';
import {
  addMonths,
  daysInMonth,
  eventDaysInMonth,
  monthBounds,
  monthKey,
  monthWeeks,
  parseMonth,
  taipeiDay,
  taipeiMonth,
} from './calendar-month';

describe('parseMonth', () => {
  it('reads YYYY-MM within 1970–2100', () => {
    expect(parseMonth('2026-11')).toEqual({ year: 2026, month: 11 });
    expect(parseMonth('1970-01')).toEqual({ year: 1970, month: 1 });
    expect(parseMonth('2100-12')).toEqual({ year: 2100, month: 12 });
  });

  it.each(['2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', '1969-12', '2101-01', '', 'abcd-ef'])(
    'refuses %j',
    (value) => expect(parseMonth(value)).toBeNull(),
  );
});

describe('month arithmetic', () => {
  it('moves across years both ways', () => {
    expect(monthKey(addMonths({ year: 2026, month: 12 }, 1))).toBe('2027-01');
    expect(monthKey(addMonths({ year: 2026, month: 1 }, -1))).toBe('2025-12');
    expect(monthKey(addMonths({ year: 2026, month: 5 }, 0))).toBe('2026-05');
  });

  it('knows the length of each month, leap years included', () => {
    expect(daysInMonth({ year: 2024, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2026, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2026, month: 11 })).toBe(30);
  });

  it('starts and ends a month at Taipei midnight', () => {
    const { start, end } = monthBounds({ year: 2026, month: 11 });
    expect(start.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-30T16:00:00.000Z');
  });

  it('places an instant on its Taipei day and month', () => {
    // 20:00 UTC on 31 October is 04:00 on 1 November in Taipei.
    const instant = new Date('2026-10-31T20:00:00Z');
    expect(taipeiDay(instant)).toBe('2026-11-01');
    expect(taipeiMonth(instant)).toEqual({ year: 2026, month: 11 });
  });
});

describe('monthWeeks', () => {
  it('lays November 2026 out Sunday first: the 1st is a Sunday, five weeks', () => {
    const weeks = monthWeeks({ year: 2026, month: 11 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toEqual({ date: '2026-11-01', day: 1, weekday: 0 });
    expect(weeks[4]![1]).toMatchObject({ date: '2026-11-30', weekday: 1 });
    expect(weeks[4]!.slice(2)).toEqual([null, null, null, null, null]);
  });

  it('pads the first week of a month that starts mid-week', () => {
    // 1 May 2026 is a Friday.
    const weeks = monthWeeks({ year: 2026, month: 5 });
    expect(weeks[0]!.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(weeks[0]![5]).toMatchObject({ day: 1, weekday: 5 });
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });
});

describe('eventDaysInMonth', () => {
  const nov = { year: 2026, month: 11 };

  it('puts a one-day event on its Taipei day', () => {
    expect(eventDaysInMonth(new Date('2026-11-22T01:00:00Z'), new Date('2026-11-22T09:00:00Z'), nov)).toEqual([
      '2026-11-22',
    ]);
  });

  it('puts a multi-day event on each of its days', () => {
    expect(eventDaysInMonth(new Date('2026-11-21T01:00:00Z'), new Date('2026-11-23T09:00:00Z'), nov)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ]);
  });

  it('clips an event that overlaps the month edges', () => {
    expect(eventDaysInMonth(new Date('2026-10-30T01:00:00Z'), new Date('2026-11-02T09:00:00Z'), nov)).toEqual([
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(eventDaysInMonth(new Date('2026-11-30T01:00:00Z'), new Date('2026-12-02T09:00:00Z'), nov)).toEqual([
      '2026-11-30',
    ]);
  });

  it('does not spill into the next day when it ends at midnight, nor show an event of another month', () => {
    expect(eventDaysInMonth(new Date('2026-11-05T01:00:00Z'), new Date('2026-11-05T16:00:00Z'), nov)).toEqual([
      '2026-11-05',
    ]);
    expect(eventDaysInMonth(new Date('2026-12-05T01:00:00Z'), new Date('2026-12-05T09:00:00Z'), nov)).toEqual([]);
  });
});
