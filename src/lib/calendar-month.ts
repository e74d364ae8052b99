/**
 * Month arithmetic of the event calendar, in Taipei time. Taiwan has kept UTC+8 without daylight
 * saving since 1980, so a fixed offset gives the same days as the time-zone database for every
 * event the portal shows.
 */

export interface CalendarMonth {
  year: number;
  /** 1–12 */
  month: number;
}

/** One day cell of the grid; `null` cells pad the first and last week. */
export interface CalendarDay {
  /** YYYY-MM-DD */
  date: string;
  day: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

export const MIN_YEAR = 1970;
export const MAX_YEAR = 2100;
const OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11` → { year: 2026, month: 11 }; anything else (or outside 1970–2100) → null. */
export function parseMonth(value: string): CalendarMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12) return null;
  return { year, month };
}

export function monthKey({ year, month }: CalendarMonth): string {
  return `${year}-${pad(month)}`;
}

export function addMonths({ year, month }: CalendarMonth, count: number): CalendarMonth {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** True when the month lies within the calendar's range (1970-01 … 2100-12). */
export function inRange({ year }: CalendarMonth): boolean {
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** The Taipei calendar day of an instant: YYYY-MM-DD. */
export function taipeiDay(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The Taipei month an instant falls in. */
export function taipeiMonth(instant: Date): CalendarMonth {
  const shifted = new Date(instant.getTime() + OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1 };
}

/** The instants the month starts and ends (exclusive) in Taipei. */
export function monthBounds({ year, month }: CalendarMonth): { start: Date; end: Date } {
  const next = addMonths({ year, month }, 1);
  return {
    start: new Date(Date.UTC(year, month - 1, 1) - OFFSET_MS),
    end: new Date(Date.UTC(next.year, next.month - 1, 1) - OFFSET_MS),
  };
}

export function daysInMonth({ year, month }: CalendarMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The month as weeks of seven cells, Sunday first (as Taiwanese calendars print it); days of
 * the neighbouring months are `null`.
 */
export function monthWeeks(m: CalendarMonth): (CalendarDay | null)[][] {
  const first = new Date(Date.UTC(m.year, m.month - 1, 1)).getUTCDay();
  const total = daysInMonth(m);
  const cells: (CalendarDay | null)[] = Array.from({ length: first }, () => null);
  for (let day = 1; day <= total; day++) {
    cells.push({ date: `${m.year}-${pad(m.month)}-${pad(day)}`, day, weekday: (first + day - 1) % 7 });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * The days of month `m` (YYYY-MM-DD, Taipei) an event from `start` to `end` covers; an event
 * that ends exactly at midnight does not spill into the next day.
 */
export function eventDaysInMonth(start: Date, end: Date, m: CalendarMonth): string[] {
  const { start: monthStart, end: monthEnd } = monthBounds(m);
  const from = Math.max(start.getTime(), monthStart.getTime());
  const to = Math.min(Math.max(end.getTime() - 1, start.getTime()), monthEnd.getTime() - 1);
  if (from > to) return [];
  const days: string[] = [];
  const last = taipeiDay(new Date(to));
  for (let t = from; ; t += DAY_MS) {
    const day = taipeiDay(new Date(t));
    days.push(day);
    if (day >= last) break;
  }
  return days;
}
