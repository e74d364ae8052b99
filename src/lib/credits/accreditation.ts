/**
 * Course accreditation as a society sets it (issue 11): when an organisation may still apply for a
 * course and at what fee, what a session may be granted, and what a member's attendance of each
 * session earns. Pure functions, so the application form, the server, the reviewer's page and the
 * roster all decide the same way.
 *
 * Times of day are Taipei wall-clock minutes since midnight of the session's own day; points are
 * tenths, as in `rules.ts` (whose `CreditRuleSet` holds these rules).
 */
import { addDays, type CalendarDate, daysBetween, startOfTaipeiDate } from '../calendar-date';

/** How a certification's courses are accredited (part of its `CreditRuleSet`). */
export interface AccreditationRules {
  /** NT$ an organisation pays for a course's review (0: free). */
  reviewFee: number;
  /** An application at least this many days before the course's first day is on time. */
  leadDays: number;
  /** Closer than `leadDays` but at least this many days ahead: accepted with the urgent fee; closer: refused. */
  urgentDays: number;
  /** NT$ added to the review fee for an urgent application. */
  urgentFee: number;
  /** The attendance roster is accepted until this many days after the course's last day. */
  rosterDays: number;
  /** A session is granted at most this many points per hour of its length. */
  maxPointsPerHour: number;
}

/**
 * Partial attendance of an accredited course (part of a `CreditRuleSet`): from `fullShare` of its
 * time the session's points post in full, from `proRateShare` in proportion to the time attended,
 * below it none.
 */
export interface AttendanceRule {
  fullShare: number;
  proRateShare: number;
}

export type ApplicationTiming = 'onTime' | 'urgent' | 'tooLate';

/**
 * Whether an application sent `today` for a course starting `firstDay` is on time, urgent (with its
 * fee) or too late, and how many days ahead it is.
 */
export function applicationTiming(
  rules: Pick<AccreditationRules, 'leadDays' | 'urgentDays'>,
  firstDay: CalendarDate,
  today: CalendarDate,
): { timing: ApplicationTiming; daysAhead: number } {
  const daysAhead = daysBetween(today, firstDay);
  const timing = daysAhead >= rules.leadDays ? 'onTime' : daysAhead >= rules.urgentDays ? 'urgent' : 'tooLate';
  return { timing, daysAhead };
}

/** The fee an application of this timing pays, in NT$, with its parts. */
export function accreditationFee(
  rules: Pick<AccreditationRules, 'reviewFee' | 'urgentFee'>,
  timing: ApplicationTiming,
): { reviewFee: number; urgentFee: number; total: number } {
  const urgentFee = timing === 'urgent' ? rules.urgentFee : 0;
  return { reviewFee: rules.reviewFee, urgentFee, total: rules.reviewFee + urgentFee };
}

/** A course's session as accreditation reads it: its day and its Taipei times (minutes since midnight). */
export interface SessionTime {
  day: CalendarDate;
  startMinute: number;
  endMinute: number;
}

/** A session's length in minutes (0 when its times are backwards). */
export function sessionMinutes(session: Pick<SessionTime, 'startMinute' | 'endMinute'>): number {
  return Math.max(0, session.endMinute - session.startMinute);
}

/** The most tenths a session of this length may be granted. */
export function maxSessionTenths(rules: Pick<AccreditationRules, 'maxPointsPerHour'>, minutes: number): number {
  // Rounded down to a tenth, with a hair for floating point (50 minutes at 1 an hour is 8 tenths).
  return Math.floor((minutes / 60) * rules.maxPointsPerHour * 10 + 1e-9);
}

/** Why a course's sessions cannot be accepted as written. */
export type SessionProblem =
  | { index: number; problem: 'endsBeforeStart' | 'outsideCourse' | 'tooManyPoints' }
  | { index: number; problem: 'overlaps'; other: number };

/**
 * What is wrong with a course's sessions: each must end after it starts, fall within the course's
 * days, ask for no more points than its length allows, and not overlap another session (a member
 * cannot attend two at once). Empty when they are fine.
 */
export function sessionProblems(
  rules: Pick<AccreditationRules, 'maxPointsPerHour'>,
  course: { firstDay: CalendarDate; lastDay: CalendarDate },
  sessions: readonly (SessionTime & { tenths: number })[],
): SessionProblem[] {
  const problems: SessionProblem[] = [];
  sessions.forEach((s, index) => {
    if (s.endMinute <= s.startMinute) problems.push({ index, problem: 'endsBeforeStart' });
    else if (s.tenths > maxSessionTenths(rules, sessionMinutes(s))) problems.push({ index, problem: 'tooManyPoints' });
    if (s.day < course.firstDay || s.day > course.lastDay) problems.push({ index, problem: 'outsideCourse' });
    for (let other = 0; other < index; other++) {
      const o = sessions[other]!;
      if (o.day === s.day && o.startMinute < s.endMinute && s.startMinute < o.endMinute)
        problems.push({ index, problem: 'overlaps', other });
    }
  });
  return problems;
}

/** A session's start and end as moments. */
export function sessionSpan(session: SessionTime): { start: number; end: number } {
  const midnight = startOfTaipeiDate(session.day).getTime();
  return { start: midnight + session.startMinute * 60_000, end: midnight + session.endMinute * 60_000 };
}

/** The share (0–1) of a session a member attended between signing in and out. */
export function attendedShare(session: SessionTime, signIn: Date, signOut: Date): number {
  const { start, end } = sessionSpan(session);
  const overlap = Math.min(end, signOut.getTime()) - Math.max(start, signIn.getTime());
  return end > start ? Math.max(0, overlap) / (end - start) : 0;
}

/** What a member's attendance of one session earns. */
export interface SessionAttendance {
  /** The session's index in the course. */
  index: number;
  share: number;
  /** Tenths earned (0 when refused). */
  tenths: number;
  /** `full`: all the session's points; `partial`: pro-rated; `refused`: attended too little; `absent`: not at all. */
  outcome: 'full' | 'partial' | 'refused' | 'absent';
}

/**
 * The tenths an accredited session posts for a member who attended `share` (0–1) of its time,
 * under the certification's attendance rule: all from `fullShare`, in proportion (rounded down to
 * a tenth) from `proRateShare`, none below.
 */
export function attendedPoints(rules: { attendance: AttendanceRule }, sessionTenths: number, share: number): number {
  if (!(share >= 0)) return 0;
  if (share >= rules.attendance.fullShare) return sessionTenths;
  if (share < rules.attendance.proRateShare) return 0;
  // A hair added so that 0.29 of 100 tenths is 29, not 28.999….
  return Math.floor(sessionTenths * share + 1e-9);
}

/** A stretch of time a member was present, from signing in to signing out. */
export interface PresentSpan {
  signIn: Date;
  signOut: Date;
}

/**
 * What a member's attendance earns in each session under the certification's rule for partial
 * attendance, from the spans they were present (one roster line each; they must not overlap, as
 * the roster reader and the matching make sure): sessions they were not present for at all are
 * `absent`.
 */
export function attendanceOf(
  rules: { attendance: AttendanceRule },
  sessions: readonly (SessionTime & { tenths: number })[],
  spans: readonly PresentSpan[],
): SessionAttendance[] {
  return sessions.map((session, index) => {
    const share = Math.min(
      1,
      spans.reduce((sum, span) => sum + attendedShare(session, span.signIn, span.signOut), 0),
    );
    const tenths = attendedPoints(rules, session.tenths, share);
    const outcome = share <= 0 ? 'absent' : tenths === 0 ? 'refused' : tenths === session.tenths ? 'full' : 'partial';
    return { index, share, tenths, outcome };
  });
}

/** Whether two spans share any moment (back to back is not sharing). */
export function spansOverlap(a: PresentSpan, b: PresentSpan): boolean {
  return a.signIn.getTime() < b.signOut.getTime() && b.signIn.getTime() < a.signOut.getTime();
}

/** The last day the roster of a course ending `lastDay` is accepted. */
export function rosterDeadline(rules: Pick<AccreditationRules, 'rosterDays'>, lastDay: CalendarDate): CalendarDate {
  return addDays(lastDay, rules.rosterDays);
}

/** The days a course's roster is accepted: from its last day to the certification's deadline after it. */
export interface RosterWindow {
  opensOn: CalendarDate;
  closesOn: CalendarDate;
  state: 'notYet' | 'open' | 'closed';
}

/** Where `today` stands in the roster window of a course ending `lastDay`. */
export function rosterWindow(
  rules: Pick<AccreditationRules, 'rosterDays'>,
  lastDay: CalendarDate,
  today: CalendarDate,
): RosterWindow {
  const closesOn = rosterDeadline(rules, lastDay);
  const state = today < lastDay ? 'notYet' : today > closesOn ? 'closed' : 'open';
  return { opensOn: lastDay, closesOn, state };
}

/**
 * Why a roster line gives no attendance: read from the file (no national ID, no name, a bad time,
 * sign-out first, a second line of the same attendee at the same time), from the course's
 * sessions (`noSession`: present at no session's time), or `notMatched`: no account has this
 * national ID with this name. That one reason covers every way a line fails to match, so a roster
 * never tells whether an ID has an account. (`unknownPerson` is how reports before it said so, and
 * is shown as `notMatched`.)
 */
export const ROSTER_PROBLEM_REASONS = [
  'noIdentifier',
  'noName',
  'badTime',
  'signOutBeforeSignIn',
  'duplicate',
  'noSession',
  'notMatched',
  'unknownPerson',
] as const;
export type RosterProblemReason = (typeof ROSTER_PROBLEM_REASONS)[number];

/** What an uploaded roster did, kept with it and shown to the organisation. */
export interface RosterReport {
  roster: { fileId: number; name: string };
  signedSheet: { fileId: number; name: string };
  /** Lines in the file besides its header. */
  lineCount: number;
  /** People who earned points in some session (matched to an account). */
  attendees: number;
  /** Per session: how many earned its points in full, in part, or too little to earn any. */
  sessions: { position: number; title: string; full: number; partial: number; refused: number }[];
  /**
   * Ledger entries this roster posted (new, or changed from the roster before), left as they were
   * (the same as before), and withdrawn (posted before, not in this roster).
   */
  entries: { posted: number; unchanged: number; withdrawn: number };
  /** Lines that gave nothing, with the attendee as written (a national ID masked). */
  problems: { line: number; identifier: string; reason: RosterProblemReason }[];
}
