/**
 * Calendar dates (`YYYY-MM-DD`) as the society counts them: days in Taipei, with no time of day.
 * Membership terms, grace periods and renewal windows are whole days, so they are computed on
 * these strings (which also sort correctly as text), never on moments in time.
 */
export type CalendarDate = string;

const TAIPEI_OFFSET_MS = 8 * 3_600_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtcMs(date: CalendarDate): number {
  const m = DATE_PATTERN.exec(date);
  if (!m) throw new RangeError(`not a calendar date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

function fromUtcMs(ms: number): CalendarDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whether a string is a real calendar date (2026-02-30 is not). */
export function isCalendarDate(value: string): value is CalendarDate {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  return fromUtcMs(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) === value;
}

/** The Taipei date of a moment (Taipei has kept UTC+8 without summer time since 1980). */
export function taipeiDate(moment: Date = new Date()): CalendarDate {
  return fromUtcMs(moment.getTime() + TAIPEI_OFFSET_MS);
}

/** The moment a Taipei date begins. */
export function startOfTaipeiDate(date: CalendarDate): Date {
  return new Date(toUtcMs(date) - TAIPEI_OFFSET_MS);
}

/** The last second of a Taipei calendar day (a due date given as a day ends then). */
export function endOfTaipeiDate(date: CalendarDate): Date {
  return new Date(startOfTaipeiDate(addDays(date, 1)).getTime() - 1000);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtcMs(toUtcMs(date) + days * 86_400_000);
}

/**
 * The same day `months` later; a day the later month lacks becomes its last day
 * (2026-01-31 plus one month is 2026-02-28).
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const m = DATE_PATTERN.exec(date);
  if (!m) throw new RangeError(`not a calendar date: ${date}`);
  const total = Number(m[1]) * 12 + (Number(m[2]) - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromUtcMs(Date.UTC(year, month, Math.min(Number(m[3]), lastDay)));
}

/**
 * The last day of a period of `months` starting on `start`: the day before the same day `months`
 * later (2026-03-15 for 12 months: 2027-03-14), or, where the later month lacks that day, its last
 * day (2028-02-29 for 24 months: 2030-02-28; 2026-01-31 for one month: 2026-02-28).
 */
export function periodEnd(start: CalendarDate, months: number): CalendarDate {
  const later = addMonths(start, months);
  return later.slice(8) === start.slice(8) ? addDays(later, -1) : later;
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / 86_400_000);
}

export function yearOf(date: CalendarDate): number {
  return Number(date.slice(0, 4));
}

export function minDate(a: CalendarDate, b: CalendarDate): CalendarDate {
  return a <= b ? a : b;
}

export function maxDate(a: CalendarDate, b: CalendarDate): CalendarDate {
  return a >= b ? a : b;
}

/** A moment as a Taipei date and time to the minute, as a `datetime-local` field shows it (`YYYY-MM-DDTHH:mm`). */
export function taipeiDateTime(moment: Date): string {
  return new Date(moment.getTime() + TAIPEI_OFFSET_MS).toISOString().slice(0, 16);
}

/** The moment a Taipei date and time (`YYYY-MM-DDTHH:mm`, as a `datetime-local` field sends it) stands for. */
export function fromTaipeiDateTime(value: string): Date {
  return new Date(`${value}:00+08:00`);
}
