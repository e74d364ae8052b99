import { describe, expect, it } from 'vitest';
import {
  accreditationFee,
  applicationTiming,
  attendanceOf,
  attendedPoints,
  attendedShare,
  maxSessionTenths,
  rosterDeadline,
  rosterWindow,
  sessionProblems,
  spansOverlap,
} from './accreditation';

/** A society's accreditation rules: 30 days ahead on time, 14–29 urgent (NT$1,000 more), later refused. */
const RULES = { reviewFee: 2000, leadDays: 30, urgentDays: 14, urgentFee: 1000, rosterDays: 30, maxPointsPerHour: 1 };
/** Full points from 90 % of a session's time, pro-rated from 50 %, none below. */
const ATTENDANCE = { attendance: { fullShare: 0.9, proRateShare: 0.5 } };

/** A moment in Taipei on 2026-12-05. */
const at = (hhmm: string, day = '2026-12-05') => new Date(`${day}T${hhmm}:00+08:00`);

describe('applicationTiming and accreditationFee', () => {
  it('is on time from 30 days ahead, urgent from 14, refused closer', () => {
    expect(applicationTiming(RULES, '2026-12-31', '2026-12-01')).toEqual({ timing: 'onTime', daysAhead: 30 });
    expect(applicationTiming(RULES, '2026-12-30', '2026-12-01')).toEqual({ timing: 'urgent', daysAhead: 29 });
    expect(applicationTiming(RULES, '2026-12-15', '2026-12-01')).toEqual({ timing: 'urgent', daysAhead: 14 });
    expect(applicationTiming(RULES, '2026-12-14', '2026-12-01')).toEqual({ timing: 'tooLate', daysAhead: 13 });
    // A course already held is too late, however it is asked.
    expect(applicationTiming(RULES, '2026-11-20', '2026-12-01').timing).toBe('tooLate');
  });

  it('adds the urgent fee only to an urgent application', () => {
    expect(accreditationFee(RULES, 'onTime')).toEqual({ reviewFee: 2000, urgentFee: 0, total: 2000 });
    expect(accreditationFee(RULES, 'urgent')).toEqual({ reviewFee: 2000, urgentFee: 1000, total: 3000 });
    expect(accreditationFee({ reviewFee: 0, urgentFee: 0 }, 'urgent').total).toBe(0);
  });
});

describe('sessions', () => {
  const course = { firstDay: '2026-12-05', lastDay: '2026-12-06' };
  const session = (day: string, from: number, to: number, tenths: number) => ({
    day,
    startMinute: from,
    endMinute: to,
    tenths,
  });

  it('allows at most the points its length allows, rounded down to a tenth', () => {
    expect(maxSessionTenths(RULES, 120)).toBe(20);
    expect(maxSessionTenths(RULES, 50)).toBe(8);
    expect(maxSessionTenths({ maxPointsPerHour: 1.5 }, 90)).toBe(22);
  });

  it('names every problem of a course’s sessions, and none of good ones', () => {
    expect(
      sessionProblems(RULES, course, [session('2026-12-05', 540, 660, 20), session('2026-12-06', 540, 600, 10)]),
    ).toEqual([]);
    expect(
      sessionProblems(RULES, course, [
        session('2026-12-05', 540, 660, 20),
        // Starts before the first ends.
        session('2026-12-05', 600, 720, 20),
        session('2026-12-05', 800, 780, 5),
        session('2026-12-07', 540, 600, 10),
        // Two points asked for an hour.
        session('2026-12-06', 540, 600, 20),
      ]),
    ).toEqual([
      { index: 1, problem: 'overlaps', other: 0 },
      { index: 2, problem: 'endsBeforeStart' },
      { index: 3, problem: 'outsideCourse' },
      { index: 4, problem: 'tooManyPoints' },
    ]);
    // Back to back is no overlap.
    expect(
      sessionProblems(RULES, course, [session('2026-12-05', 540, 600, 10), session('2026-12-05', 600, 660, 10)]),
    ).toEqual([]);
  });
});

describe('attendance', () => {
  // 09:00–11:00 (2 points) and 13:00–14:00 (1 point), in Taipei.
  const sessions = [
    { day: '2026-12-05', startMinute: 540, endMinute: 660, tenths: 20 },
    { day: '2026-12-05', startMinute: 780, endMinute: 840, tenths: 10 },
  ];

  it('measures the share of a session between sign-in and sign-out, in Taipei time', () => {
    expect(attendedShare(sessions[0]!, at('08:50'), at('11:05'))).toBe(1);
    expect(attendedShare(sessions[0]!, at('10:00'), at('17:00'))).toBe(0.5);
    expect(attendedShare(sessions[0]!, at('11:00'), at('17:00'))).toBe(0);
    // The same times on another day are not this session.
    expect(attendedShare(sessions[0]!, at('09:00', '2026-12-06'), at('11:00', '2026-12-06'))).toBe(0);
  });

  it('posts in full from 90 %, pro-rated from 50 %, refuses below and skips sessions not attended', () => {
    // Whole day.
    expect(attendanceOf(ATTENDANCE, sessions, [{ signIn: at('08:55'), signOut: at('14:10') }])).toEqual([
      { index: 0, share: 1, tenths: 20, outcome: 'full' },
      { index: 1, share: 1, tenths: 10, outcome: 'full' },
    ]);
    // Came at 09:12 (90 % of the morning), left at 13:40 (two thirds of the afternoon: pro-rated).
    expect(attendanceOf(ATTENDANCE, sessions, [{ signIn: at('09:12'), signOut: at('13:40') }])).toEqual([
      { index: 0, share: 0.9, tenths: 20, outcome: 'full' },
      { index: 1, share: 40 / 60, tenths: 6, outcome: 'partial' },
    ]);
    // Came at 10:10 (under half of the morning) and left before the afternoon.
    expect(attendanceOf(ATTENDANCE, sessions, [{ signIn: at('10:10'), signOut: at('12:00') }])).toEqual([
      { index: 0, share: 50 / 120, tenths: 0, outcome: 'refused' },
      { index: 1, share: 0, tenths: 0, outcome: 'absent' },
    ]);
  });

  it('adds up the spans of a member who signed out and in again', () => {
    // 09:00–09:40 and 10:10–11:00: 90 of the morning's 120 minutes (pro-rated), and not the afternoon.
    expect(
      attendanceOf(ATTENDANCE, sessions, [
        { signIn: at('09:00'), signOut: at('09:40') },
        { signIn: at('10:10'), signOut: at('11:00') },
      ]),
    ).toEqual([
      { index: 0, share: 0.75, tenths: 15, outcome: 'partial' },
      { index: 1, share: 0, tenths: 0, outcome: 'absent' },
    ]);
    expect(
      spansOverlap({ signIn: at('09:00'), signOut: at('10:00') }, { signIn: at('09:59'), signOut: at('11:00') }),
    ).toBe(true);
    expect(
      spansOverlap({ signIn: at('09:00'), signOut: at('10:00') }, { signIn: at('10:00'), signOut: at('11:00') }),
    ).toBe(false);
  });

  it('accepts the roster until the society’s days after the course', () => {
    expect(rosterDeadline(RULES, '2026-12-06')).toBe('2027-01-05');
    expect(rosterWindow(RULES, '2026-12-06', '2026-12-05')).toEqual({
      opensOn: '2026-12-06',
      closesOn: '2027-01-05',
      state: 'notYet',
    });
    expect(rosterWindow(RULES, '2026-12-06', '2026-12-06').state).toBe('open');
    expect(rosterWindow(RULES, '2026-12-06', '2027-01-05').state).toBe('open');
    expect(rosterWindow(RULES, '2026-12-06', '2027-01-06').state).toBe('closed');
  });
});

describe('points for partial attendance', () => {
  const rules = { attendance: { fullShare: 0.9, proRateShare: 0.5 } };
  it('posts all from 90 %, in proportion from 50 %, none below', () => {
    expect(attendedPoints(rules, 30, 1)).toBe(30);
    expect(attendedPoints(rules, 30, 0.9)).toBe(30);
    expect(attendedPoints(rules, 30, 0.7)).toBe(21);
    expect(attendedPoints(rules, 100, 0.29 + 0.3)).toBe(59);
    expect(attendedPoints(rules, 30, 0.5)).toBe(15);
    expect(attendedPoints(rules, 30, 0.49)).toBe(0);
    expect(attendedPoints(rules, 30, Number.NaN)).toBe(0);
  });

  it('is all or nothing when the society sets both shares alike', () => {
    const strict = { attendance: { fullShare: 0.8, proRateShare: 0.8 } };
    expect(attendedPoints(strict, 20, 0.8)).toBe(20);
    expect(attendedPoints(strict, 20, 0.79)).toBe(0);
  });
});
