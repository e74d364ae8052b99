/**
 * The society's membership rules over dates (DESIGN.md §12): terms, the renewal window, grace and
 * the status that follows from them. Pure functions over calendar dates, so the server, the job
 * that records status changes and the tests all apply the same rules.
 */
import { addDays, type CalendarDate, daysBetween, maxDate, periodEnd } from '../calendar-date';

export const MEMBERSHIP_STATUSES = ['active', 'inGrace', 'lapsed', 'paused', 'ended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const TERM_KINDS = ['calendarYear', 'months'] as const;
export type TermKind = (typeof TERM_KINDS)[number];

/** What of a member class decides its terms and fees. */
export interface ClassTerms {
  termKind: TermKind;
  /** Length of a term for `months` classes. */
  termMonths: number | null;
  /** One payment (the entrance fee), no dues, no term end. */
  life: boolean;
  entranceFee: number;
  duesPerTerm: number;
}

/** Society settings for every class. */
export interface MembershipRules {
  /** Days after a term ends during which the member is `inGrace` and may still pay it. */
  graceDays: number;
  /** Days before a term ends from which the next term may be paid. */
  renewalWindowDays: number;
  /**
   * `MM-DD`: a calendar-year member who joins (or restarts) on or after this day of the year has a
   * first term that runs to the end of the next year. Null: always to the end of this year.
   */
  lateJoinFrom: string | null;
}

export interface Term {
  start: CalendarDate;
  /** The term's last day; null for life membership. */
  end: CalendarDate | null;
}

/** What the status is derived from. */
export interface MembershipDates {
  life: boolean;
  termEnd: CalendarDate | null;
  /** First day of a pause, once a pause was approved. */
  pausedFrom: CalendarDate | null;
  /**
   * Last day of that pause: after it the member is no longer paused, and the status follows the
   * term again (usually lapsed), until they resume. Null: paused until they resume.
   */
  pausedUntil: CalendarDate | null;
  /** Last day of membership, once a quit was approved. */
  lastDay: CalendarDate | null;
}

/** The first term of someone who becomes (or becomes again) a member on `from`. */
export function firstTerm(cls: ClassTerms, from: CalendarDate, rules: MembershipRules): Term {
  if (cls.life) return { start: from, end: null };
  if (cls.termKind === 'months') return { start: from, end: periodEnd(from, monthsOf(cls)) };
  const year = Number(from.slice(0, 4));
  const late = rules.lateJoinFrom !== null && from.slice(5) >= rules.lateJoinFrom;
  return { start: from, end: `${late ? year + 1 : year}-12-31` };
}

/** The term that follows one ending on `end`, with no gap. */
export function nextTerm(cls: ClassTerms, end: CalendarDate): Term {
  const start = addDays(end, 1);
  if (cls.termKind === 'months') return { start, end: periodEnd(start, monthsOf(cls)) };
  return { start, end: `${start.slice(0, 4)}-12-31` };
}

function monthsOf(cls: ClassTerms): number {
  if (!cls.termMonths || cls.termMonths < 1) throw new RangeError('a class with months terms needs termMonths');
  return cls.termMonths;
}

/** Whether `today` falls inside an approved pause. */
export function pausedOn(m: Pick<MembershipDates, 'pausedFrom' | 'pausedUntil'>, today: CalendarDate): boolean {
  return m.pausedFrom !== null && today >= m.pausedFrom && (m.pausedUntil === null || today <= m.pausedUntil);
}

/** The status on `today`, from the dates alone: never typed in. */
export function statusOn(m: MembershipDates, today: CalendarDate, rules: MembershipRules): MembershipStatus {
  if (m.lastDay !== null && today > m.lastDay) return 'ended';
  if (pausedOn(m, today)) return 'paused';
  if (m.life || m.termEnd === null) return 'active';
  if (today <= m.termEnd) return 'active';
  if (daysBetween(m.termEnd, today) <= rules.graceDays) return 'inGrace';
  return 'lapsed';
}

/** The days on which the term after one ending on `termEnd` may be paid: the window, then grace. */
export function renewalPeriod(
  termEnd: CalendarDate,
  rules: MembershipRules,
): { opens: CalendarDate; closes: CalendarDate } {
  return { opens: addDays(termEnd, -rules.renewalWindowDays), closes: addDays(termEnd, rules.graceDays) };
}

/** Whether the next term may be paid on `today` (a life member never renews). */
export function mayRenew(m: MembershipDates, today: CalendarDate, rules: MembershipRules): boolean {
  const status = statusOn(m, today, rules);
  if (m.life || m.termEnd === null || (status !== 'active' && status !== 'inGrace')) return false;
  if (m.lastDay !== null || m.pausedFrom !== null) return false;
  const { opens, closes } = renewalPeriod(m.termEnd, rules);
  return today >= opens && today <= closes;
}

/**
 * The fee to move to another class for the rest of the current term: the difference in dues
 * (never negative; the entrance fee paid on joining counts for every class). Into life
 * membership: the life fee less the dues already paid for the current term.
 */
export function upgradeFee(from: ClassTerms, to: ClassTerms): number {
  if (to.life) return Math.max(0, to.entranceFee - (from.life ? from.entranceFee : from.duesPerTerm));
  if (from.life) return 0;
  return Math.max(0, to.duesPerTerm - from.duesPerTerm);
}

/** What joining costs: the entrance fee and the first term's dues (a life class: its one payment). */
export function joinFee(cls: ClassTerms): { entranceFee: number; dues: number } {
  return cls.life ? { entranceFee: cls.entranceFee, dues: 0 } : { entranceFee: cls.entranceFee, dues: cls.duesPerTerm };
}

/**
 * The first day of a pause asked for on `today`: from `wanted` (today at the earliest), but for a
 * member in grace the day after the unpaid term, so a pause never leaves dues owed.
 */
export function pauseStart(m: MembershipDates, today: CalendarDate, wanted: CalendarDate | null): CalendarDate {
  if (m.termEnd !== null && today > m.termEnd) return addDays(m.termEnd, 1);
  return maxDate(today, wanted ?? (m.termEnd ? addDays(m.termEnd, 1) : today));
}
