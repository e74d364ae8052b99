/**
 * The months a staff report counts by (Taipei calendar months, DESIGN.md §19): the window of the
 * last `count` months up to the current one, each with its first and last day. Pure.
 */
import { addDays, addMonths, type CalendarDate, minDate } from '../calendar-date';

/** The windows a report offers, in months; the first is the default. */
export const REPORT_WINDOWS = [12, 24, 6] as const;
export type ReportWindow = (typeof REPORT_WINDOWS)[number];

/**
 * How far ahead the credit compliance report looks, in months; the first is the default: a year, so
 * members whose licence period ends within 12 months are listed while there is time to earn credits.
 */
export const COMPLIANCE_HORIZONS = [12, 6, 3] as const;
export type ComplianceHorizon = (typeof COMPLIANCE_HORIZONS)[number];

export interface ReportMonth {
  /** `YYYY-MM`. */
  month: string;
  first: CalendarDate;
  last: CalendarDate;
  /** The day a month's standing is read on: its last day, or today for the month under way. */
  asOf: CalendarDate;
}

/** The month `YYYY-MM` of a calendar date. */
export function monthOf(date: CalendarDate): string {
  return date.slice(0, 7);
}

/** The `count` months up to and including the month of `today`, oldest first. */
export function reportMonths(today: CalendarDate, count: number): ReportMonth[] {
  const current = `${monthOf(today)}-01`;
  const months: ReportMonth[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const first = addMonths(current, -back);
    const last = addDays(addMonths(first, 1), -1);
    months.push({ month: monthOf(first), first, last, asOf: minDate(last, today) });
  }
  return months;
}

/** The `count` months from the month of `today` on (today's first), for what lies ahead. */
export function monthsAhead(today: CalendarDate, count: number): ReportMonth[] {
  return reportMonths(addMonths(`${monthOf(today)}-01`, count - 1), count).map((m) => ({
    ...m,
    asOf: m.last,
  }));
}
